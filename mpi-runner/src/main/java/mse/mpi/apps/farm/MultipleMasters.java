package mse.mpi.apps.farm;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.FarmLayout;
import mse.mpi.comm.Comm;

/**
 * ML (seed 001, section 3.2): the P ranks form Pm groups of about P/Pm; the first rank of each group
 * is its master and owns a contiguous share of the tasks in assignment order, so an imbalanced region
 * gives imbalanced groups, as the paper observed at P = 16. Rank 0 gathers the results at the end. Each
 * master keeps {@code prefetch} tasks in flight per slave (see Master). Ranks and tasks are shared out by
 * {@link FarmLayout}, as in the simulator.
 */
public record MultipleMasters(int groups, int prefetch) implements Strategy {

    public MultipleMasters {
        Strategy.checkPrefetch(prefetch);
    }

    /** Seed 001's ML: one task per slave at a time. */
    public MultipleMasters(int groups) {
        this(groups, 1);
    }

    @Override
    public void run(Comm comm, Workload work) {
        FarmLayout layout = new FarmLayout(comm.size(), groups);
        int group = layout.groupOf(comm.rank());
        int from = taskStart(layout, group, work);
        int to = taskStart(layout, group + 1, work);
        if (!serveGroup(comm, work, layout, from, to, prefetch)) {
            return;
        }
        if (group == 0) {
            for (int g = 1; g < groups; g++) {
                byte[] part = comm.recv(layout.groupStart(g), FarmMessages.TAG_GATHER).data();
                work.importRange(taskStart(layout, g, work), taskStart(layout, g + 1, work), part);
            }
        } else {
            comm.send(work.export(from, to), 0, FarmMessages.TAG_GATHER);
        }
    }

    @Override
    public boolean rehearses() {
        return true;
    }

    /**
     * Each group rehearses the first tasks of its own range, {@link Strategy#REHEARSAL_ROUNDS} farms one after the
     * other; the gather to rank 0 is not rehearsed.
     */
    @Override
    public void rehearse(Comm comm, Workload work, int maxTasks) {
        FarmLayout layout = new FarmLayout(comm.size(), groups);
        int group = layout.groupOf(comm.rank());
        int from = taskStart(layout, group, work);
        int tasks = Math.min(maxTasks, taskStart(layout, group + 1, work) - from);
        Strategy.inRehearsalRounds(from, tasks, (first, last) -> serveGroup(comm, work, layout, first, last, prefetch));
    }

    /** This rank's part of its group's farm over tasks [from, to); true on the group's master. */
    private static boolean serveGroup(Comm comm, Workload work, FarmLayout layout, int from, int to, int prefetch) {
        int group = layout.groupOf(comm.rank());
        int first = layout.groupStart(group);
        if (comm.rank() != first) {
            Slave.serve(comm, first, work);
            return false;
        }
        List<Integer> slaves = new ArrayList<>();
        for (int r = first + 1; r < layout.groupStart(group + 1); r++) {
            slaves.add(r);
        }
        Master.serve(comm, work, from, to, slaves, prefetch);
        return true;
    }

    private static int taskStart(FarmLayout layout, int group, Workload work) {
        return (int) layout.taskStart(group, work.tasks());
    }
}
