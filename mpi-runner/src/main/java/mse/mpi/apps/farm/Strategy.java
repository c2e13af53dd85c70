package mse.mpi.apps.farm;

import java.util.List;
import mse.emulator.dynamic.MasterEvent;
import mse.mpi.comm.Comm;

/**
 * A master/slave program: how ranks share out a workload. Rank 0 ends up holding every result. Its name,
 * options and masters belong to its specification (mse.mpi.apps.strategy.StrategySpec).
 */
public interface Strategy {

    /** Runs this rank's part of the farm. */
    void run(Comm comm, Workload work);

    /** At least one task in flight per slave. */
    static void checkPrefetch(int prefetch) {
        if (prefetch < 1) {
            throw new IllegalArgumentException("a slave needs at least 1 task in flight, got " + prefetch);
        }
    }

    /** Rank 0's log of master splits and merges after run() (DY); static strategies have none. */
    default List<MasterEvent> events() {
        return List.of();
    }
}
