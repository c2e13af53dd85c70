package mse.mpi.apps.farm;

import java.util.List;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * One master serving tasks [from, to) in assignment order to its slaves (seed 001, section 3.2): one
 * task to each slave, then the next task to whichever slave answers first (MPI_ANY_SOURCE), and a
 * stop to each slave when no task is left.
 *
 * <p>Prefetching (issue 20): with K tasks in flight per slave the master deals K rounds of one task per
 * slave at the start (round-robin, so every slave starts as early as with K = 1; a slave gets fewer when
 * the tasks run out) and one more task per result, so a slave's next task is already queued when it
 * finishes the current one. A slave is stopped once its last task's result is in: its channel is FIFO,
 * so the slave itself (Slave.serve) is the same program for any K. K = 1 is seed 001's farm.
 */
final class Master {

    private final Comm comm;
    private final Workload work;
    private final int to;
    private final int[] inFlight;
    private int next;
    private int outstanding;

    private Master(Comm comm, Workload work, int from, int to) {
        this.comm = comm;
        this.work = work;
        this.to = to;
        this.inFlight = new int[comm.size()];
        this.next = from;
    }

    static void serve(Comm comm, Workload work, int from, int to, List<Integer> slaves, int prefetch) {
        Master master = new Master(comm, work, from, to);
        for (int round = 0; round < prefetch; round++) {
            for (int slave : slaves) {
                if (master.next < to) {
                    master.deal(slave);
                } else if (round == 0) {
                    comm.send(FarmMessages.STOP, slave, FarmMessages.TAG_STOP);
                }
            }
        }
        while (master.outstanding > 0) {
            master.serveResult();
        }
    }

    /**
     * One result in, and the next task (or a stop) out to its slave. A method of its own, not the body of serve's
     * loop, because HotSpot compiles a method after some calls but a running loop only after many more iterations
     * (on-stack replacement): as a loop body the master's work per result ran in the interpreter and C1 for the
     * first ~1,000 results and was charged 6-9 µs each, where compiled it costs about 1 µs (issue 13).
     */
    private void serveResult() {
        Message m = comm.recv(Comm.ANY_SOURCE, FarmMessages.TAG_RESULT);
        work.collect(FarmMessages.id(m.data()), FarmMessages.body(m.data()));
        outstanding--;
        inFlight[m.source()]--;
        if (next < to) {
            deal(m.source());
        } else if (inFlight[m.source()] == 0) {
            comm.send(FarmMessages.STOP, m.source(), FarmMessages.TAG_STOP);
        }
    }

    private void deal(int slave) {
        comm.send(FarmMessages.withId(next, work.describe(next)), slave, FarmMessages.TAG_TASK);
        next++;
        outstanding++;
        inFlight[slave]++;
    }
}
