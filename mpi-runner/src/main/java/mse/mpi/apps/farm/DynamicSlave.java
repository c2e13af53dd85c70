package mse.mpi.apps.farm;

import mse.emulator.dynamic.DynamicMasterState.Reply;
import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.DynamicSettings;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * A DY slave: like SI's, but its master can change. It reports, with each result, how long it waited
 * for that task from its request (seed 001, section 3.2: "the slaves' wait time from the request of a
 * task until its assignment"), measured with Comm.wtime() so that it is virtual time when emulated. A
 * wait spans any redirects on the way, since the slave was idle all along. It starts when the request
 * (the result) has been sent: the slave's own send overhead grows with the result's size (Table 2) and
 * is no waiting for the master, so a compute-bound run with big results does not look master-bound.
 */
final class DynamicSlave {

    private DynamicSlave() {
    }

    static void serve(Comm comm, Workload work, DynamicSettings settings, int prefetch) {
        int master = 0;
        // the first task's wait measures the start-up (rank 0 sends every first task in turn), not the
        // master's steady load: it is reported as unknown (-1)
        double askedAt = Double.NaN;
        while (true) {
            Message m = comm.recv(master, Comm.ANY_TAG);
            switch (m.tag()) {
                case DynamicMessages.TAG_TASK -> {
                    long waitNanos = Double.isNaN(askedAt) ? -1 : DynamicMasterState.waitNanos(askedAt, comm.wtime());
                    int task = FarmMessages.id(m.data());
                    Workload.Computed done = work.compute(FarmMessages.body(m.data()));
                    comm.taskDone(task, done.workUnits());
                    comm.send(new DynamicMessages.Result(task, waitNanos, done.result()).encode(), master, DynamicMessages.TAG_RESULT);
                    askedAt = comm.wtime();
                }
                case DynamicMessages.TAG_STOP -> {
                    return;
                }
                case DynamicMessages.TAG_REDIRECT -> {
                    master = DynamicMessages.rank(m.data());
                    comm.send(DynamicMessages.EMPTY, master, DynamicMessages.TAG_JOIN);
                }
                case DynamicMessages.TAG_BECOME_MASTER -> {
                    Reply.BecomeMaster order = DynamicMessages.decodeBecomeMaster(m.data());
                    askedAt = DynamicMaster.serveSecondary(comm, work, settings, prefetch, order);
                    master = order.parent();
                }
                default -> throw new IllegalStateException("DY slave " + comm.rank() + ": unexpected tag " + m.tag() + " from " + m.source());
            }
        }
    }
}
