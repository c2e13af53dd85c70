package mse.emulator.model;

/**
 * Who is master of which slaves and which tasks, for SI (one group) and ML (seed 001, section 3.2): the P
 * ranks form Pm groups; group g starts at rank g*P/Pm (its master) and owns tasks [g*N/Pm, (g+1)*N/Pm) in
 * assignment order. The farm program (mse.mpi.apps.farm.MultipleMasters) and the simulator (mse.emulator.sim) both use
 * this record, so the live run and the prediction share out ranks and tasks identically.
 */
public record FarmLayout(int processes, int groups) {

    public FarmLayout {
        if (groups < 1 || processes < 2 * groups) {
            throw new IllegalArgumentException("need 1 <= masters <= P/2 (every master with a slave), got "
                    + groups + " masters for P = " + processes);
        }
    }

    /** SI: rank 0 serves every task to ranks 1..P-1. */
    public static FarmLayout singleMaster(int processes) {
        return new FarmLayout(processes, 1);
    }

    /** The first rank of group g (its master); groupStart(groups) = P. */
    public int groupStart(int group) {
        return groupStart(group, processes, groups);
    }

    /** The first task of group g in assignment order; taskStart(groups, N) = N. */
    public long taskStart(int group, long tasks) {
        return taskStart(group, tasks, groups);
    }

    /** The masters' ranks, group by group. */
    public java.util.List<Integer> masters() {
        java.util.List<Integer> masters = new java.util.ArrayList<>();
        for (int g = 0; g < groups; g++) {
            masters.add(groupStart(g));
        }
        return masters;
    }

    /** The group rank r belongs to (its master is groupStart of it). */
    public int groupOf(int rank) {
        int g = 0;
        while (g + 1 < groups && groupStart(g + 1) <= rank) {
            g++;
        }
        return g;
    }

    public static int groupStart(int group, int processes, int groups) {
        return (int) ((long) group * processes / groups);
    }

    public static long taskStart(int group, long tasks, int groups) {
        return (long) group * tasks / groups;
    }
}
