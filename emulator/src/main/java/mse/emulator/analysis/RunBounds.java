package mse.emulator.analysis;

import java.util.List;

/** What bounds a run: every rank's wait states and the critical path of the predicted run. */
public record RunBounds(List<RankWaitStates> waitStates, CriticalPath criticalPath) {

    public RunBounds {
        waitStates = List.copyOf(waitStates);
    }
}
