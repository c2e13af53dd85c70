package mse.mpi.apps.farm;

import mse.emulator.dynamic.MasterEvent;
import mse.mpi.comm.Comm;

/** A master/slave strategy: how ranks share out a workload. Rank 0 ends up holding every result. */
public interface Strategy {

    /** Runs this rank's part of the farm. */
    void run(Comm comm, Workload work);

    /** The name used on the command line and in summary.json. */
    String name();

    /** The ranks that act as masters with P ranks (for reports). */
    java.util.List<Integer> masters(int np);

    /** Tasks a master keeps in flight per slave (--prefetch K, issue 20); 1 is seed 001's farm. */
    default int prefetch() {
        return 1;
    }

    /** At least one task in flight per slave. */
    static void checkPrefetch(int prefetch) {
        if (prefetch < 1) {
            throw new IllegalArgumentException("a slave needs at least 1 task in flight, got " + prefetch);
        }
    }

    /** Rank 0's log of master splits and merges after run() (DY); static strategies have none. */
    default java.util.List<MasterEvent> events() {
        return java.util.List.of();
    }
}
