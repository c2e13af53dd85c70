package mse.mpi.apps;

import java.util.List;
import mse.mpi.apps.farm.Workload;

/** One application's problem, parsed once from its options: what a rank needs to build the same workload. */
public interface WorkloadSpec {

    /** The application's name (--app). */
    String app();

    /** How many tasks the farm hands out. */
    int tasks();

    /** A fresh workload (it holds the results the farm fills in). */
    Workload create();

    /** This problem on a rank's command line: the application's own options only, in canonical form. */
    List<String> toArgs();

    /** A one-line description for tables. */
    String describe();

    /** Rejects a problem whose results do not fit a master's heap of heapBytes (IllegalArgumentException). */
    default void checkFitsHeap(long heapBytes) {
    }
}
