package mse.emulator.workrate;

import java.util.ArrayList;
import java.util.List;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridHost;

/**
 * Master selection, seed 002 (002_a91b5601aca36903.txt) section 4 and Table 2: every host is tried as the
 * master; the one with the largest AppRate wins (ties: the first in the grid file). Each candidate is
 * solved both by maximum flow (the model's answer) and by the paper's greedy Fig. 2, so a difference can
 * be shown.
 */
public record MasterSelection(List<Comparison> candidates, MasterCandidate best) {

    /** Rates differing by less than this (tasks/s) are the same. */
    public static final double TOLERANCE = 1e-6;

    /** One master solved both ways. */
    public record Comparison(MasterCandidate flow, MasterCandidate greedy) {

        public boolean appRatesDiffer() {
            return Math.abs(flow.appRate() - greedy.appRate()) > TOLERANCE;
        }

        public boolean splitsDiffer() {
            return !flow.sameRates(greedy, TOLERANCE);
        }
    }

    public static MasterSelection of(Grid grid) {
        List<Comparison> candidates = new ArrayList<>();
        MasterCandidate best = null;
        for (GridHost host : grid.hosts()) {
            MasterCandidate flow = WorkRateModel.forMaster(grid, host.name());
            candidates.add(new Comparison(flow, GreedyMasterSelection.forMaster(grid, host.name())));
            if (best == null || flow.appRate() > best.appRate() + TOLERANCE) {
                best = flow;
            }
        }
        return new MasterSelection(List.copyOf(candidates), best);
    }
}
