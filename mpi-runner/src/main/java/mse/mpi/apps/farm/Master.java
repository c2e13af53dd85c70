package mse.mpi.apps.farm;

import java.util.List;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * One master serving tasks [from, to) in assignment order to its slaves (seed 001, section 3.2): one
 * task to each slave, then the next task to whichever slave answers first (MPI_ANY_SOURCE), and a
 * stop to each slave when no task is left.
 *
 * <p>Prefetching: with K tasks in flight per slave the master deals K rounds of one task per
 * slave at the start (round-robin, so every slave starts as early as with K = 1; a slave gets fewer when
 * the tasks run out) and one more task per result, so a slave's next task is already queued when it
 * finishes the current one. A slave is stopped once its last task's result is in: its channel is FIFO,
 * so the slave itself (Slave.serve) is the same program for any K. K = 1 is seed 001's farm.
 */
final class Master {

    private Master() {
    }

    static void serve(Comm comm, Workload work, int from, int to, List<Integer> slaves, int prefetch) {
        int next = from;
        int outstanding = 0;
        int[] inFlight = new int[comm.size()];
        for (int round = 0; round < prefetch; round++) {
            for (int slave : slaves) {
                if (next < to) {
                    comm.send(MasterResultWork.task(work, next), slave, FarmMessages.TAG_TASK);
                    next++;
                    outstanding++;
                    inFlight[slave]++;
                } else if (round == 0) {
                    comm.send(FarmMessages.STOP, slave, FarmMessages.TAG_STOP);
                }
            }
        }
        while (outstanding > 0) {
            Message m = comm.recv(Comm.ANY_SOURCE, FarmMessages.TAG_RESULT);
            MasterResultWork.collect(work, m.data());
            outstanding--;
            inFlight[m.source()]--;
            if (next < to) {
                comm.send(MasterResultWork.task(work, next), m.source(), FarmMessages.TAG_TASK);
                next++;
                outstanding++;
                inFlight[m.source()]++;
            } else if (inFlight[m.source()] == 0) {
                comm.send(FarmMessages.STOP, m.source(), FarmMessages.TAG_STOP);
            }
        }
    }
}
