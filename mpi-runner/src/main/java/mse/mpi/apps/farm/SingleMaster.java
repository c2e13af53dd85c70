package mse.mpi.apps.farm;

import java.util.ArrayList;
import java.util.List;
import mse.mpi.comm.Comm;

/**
 * SI (seed 001, section 3.2): rank 0 is the only master and serves every task to ranks 1..P-1, with
 * {@code prefetch} tasks in flight per slave (1: seed 001's farm; see Master).
 */
public record SingleMaster(int prefetch) implements Strategy {

    public SingleMaster {
        Strategy.checkPrefetch(prefetch);
    }

    /** Seed 001's SI: one task per slave at a time. */
    public SingleMaster() {
        this(1);
    }

    @Override
    public void run(Comm comm, Workload work) {
        serve(comm, work, 0, work.tasks());
    }

    @Override
    public boolean rehearses() {
        return true;
    }

    /** {@link Strategy#REHEARSAL_ROUNDS} farms over the first maxTasks tasks, one after the other. */
    @Override
    public void rehearse(Comm comm, Workload work, int maxTasks) {
        Strategy.inRehearsalRounds(0, Math.min(maxTasks, work.tasks()), (from, to) -> serve(comm, work, from, to));
    }

    private void serve(Comm comm, Workload work, int from, int to) {
        if (comm.rank() == 0) {
            // a plain loop: a stream's first use bootstraps lambdas, the JVM's work charged to the master
            List<Integer> slaves = new ArrayList<>();
            for (int r = 1; r < comm.size(); r++) {
                slaves.add(r);
            }
            Master.serve(comm, work, from, to, slaves, prefetch);
        } else {
            Slave.serve(comm, 0, work);
        }
    }
}
