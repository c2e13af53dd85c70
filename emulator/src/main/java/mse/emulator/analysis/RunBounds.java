package mse.emulator.analysis;

import java.util.List;

/**
 * What bounds a run: every rank's wait states and the critical path of the predicted run, with the path's stretches in
 * time order where the analysis kept them (for an OTF2 archive to mark; empty otherwise).
 */
public record RunBounds(List<RankWaitStates> waitStates, CriticalPath criticalPath, List<PathStretch> criticalStretches) {

    public RunBounds {
        waitStates = List.copyOf(waitStates);
        criticalStretches = List.copyOf(criticalStretches);
    }
}
