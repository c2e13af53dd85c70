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

    /**
     * Farms a rehearsal runs one after the other: HotSpot compiles a method whole only after several calls, so a
     * loop called once in the rehearsal would be compiled again, inside the measured span, when the run calls it.
     */
    int REHEARSAL_ROUNDS = 8;

    /**
     * This rank's part of a rehearsal before the run (Comm#warmUp(Runnable, Runnable)): the farm's own loop over at
     * most maxTasks of its tasks, every message consumed, every result collected where the run collects it again.
     * A strategy without one (DY, whose masters split and merge) leaves the run to compile its loops.
     */
    default void rehearse(Comm comm, Workload work, int maxTasks) {
    }

    /** Whether {@link #rehearse} does anything (summary.json says whether a plain run's span followed one). */
    default boolean rehearses() {
        return false;
    }

    /** A farm over tasks [from, to), as a strategy's rehearsal runs it. */
    interface RangeFarm {
        void serve(int from, int to);
    }

    /** {@link #REHEARSAL_ROUNDS} farms one after the other, splitting tasks [from, from + tasks) between them. */
    static void inRehearsalRounds(int from, int tasks, RangeFarm farm) {
        for (int round = 0; round < REHEARSAL_ROUNDS; round++) {
            farm.serve(from + round * tasks / REHEARSAL_ROUNDS, from + (round + 1) * tasks / REHEARSAL_ROUNDS);
        }
    }

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
