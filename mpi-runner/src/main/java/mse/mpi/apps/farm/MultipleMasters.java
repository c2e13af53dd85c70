package mse.mpi.apps.farm;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.sim.FarmLayout;
import mse.mpi.comm.Comm;

/**
 * ML (seed 001, section 3.2): the P ranks form Pm groups of about P/Pm; the first rank of each group
 * is its master and owns a contiguous share of the tasks in assignment order, so an imbalanced region
 * gives imbalanced groups, as the paper observed at P = 16. Rank 0 gathers the results at the end. Each
 * master keeps {@code prefetch} tasks in flight per slave (see Master).
 */
public record MultipleMasters(int groups, int prefetch) implements Strategy {

    public MultipleMasters {
        if (groups < 2) {
            throw new IllegalArgumentException("multiple masters need at least 2 groups, got " + groups);
        }
        Strategy.checkPrefetch(prefetch);
    }

    /** Seed 001's ML: one task per slave at a time. */
    public MultipleMasters(int groups) {
        this(groups, 1);
    }

    /** Checks 2 <= Pm <= P/2, so every group has a master and at least one slave. */
    public void validate(int np) {
        if (groups > np / 2) {
            throw new IllegalArgumentException("masters must be between 2 and np/2 = " + np / 2 + " for np " + np + ", got " + groups);
        }
    }

    @Override
    public void run(Comm comm, Workload work) {
        validate(comm.size());
        int p = comm.size();
        int group = groupOf(comm.rank(), p);
        int first = groupStart(group, p);
        int from = taskStart(group, work.tasks());
        int to = taskStart(group + 1, work.tasks());
        if (comm.rank() != first) {
            Slave.serve(comm, first, work);
            return;
        }
        List<Integer> slaves = new ArrayList<>();
        for (int r = first + 1; r < groupStart(group + 1, p); r++) {
            slaves.add(r);
        }
        Master.serve(comm, work, from, to, slaves, prefetch);
        if (group == 0) {
            for (int g = 1; g < groups; g++) {
                byte[] part = comm.recv(groupStart(g, p), FarmMessages.TAG_GATHER).data();
                work.importRange(taskStart(g, work.tasks()), taskStart(g + 1, work.tasks()), part);
            }
        } else {
            comm.send(work.export(from, to), 0, FarmMessages.TAG_GATHER);
        }
    }

    @Override
    public String name() {
        return "multi";
    }

    @Override
    public List<Integer> masters(int np) {
        List<Integer> masters = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            masters.add(groupStart(g, np));
        }
        return masters;
    }

    /** The simulator's layout (mse.emulator.sim.FarmLayout), so live runs and predictions share ranks out alike. */
    int groupStart(int group, int np) {
        return FarmLayout.groupStart(group, np, groups);
    }

    int groupOf(int rank, int np) {
        int g = 0;
        while (g + 1 < groups && groupStart(g + 1, np) <= rank) {
            g++;
        }
        return g;
    }

    int taskStart(int group, int tasks) {
        return (int) FarmLayout.taskStart(group, tasks, groups);
    }
}
