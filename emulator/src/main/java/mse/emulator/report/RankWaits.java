package mse.emulator.report;

import java.util.List;
import mse.emulator.analysis.RunBounds;

/** A predicted point's ranks[]: each rank's wait states (an emulated run's are in its {@link RankPlacement}s). */
public record RankWaits(int rank, WaitStates waitStates) {

    /** Every rank's, in rank order. */
    public static List<RankWaits> of(RunBounds bounds) {
        return bounds.waitStates().stream().map(w -> new RankWaits(w.rank(), WaitStates.of(w))).toList();
    }
}
