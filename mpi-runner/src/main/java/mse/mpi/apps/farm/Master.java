package mse.mpi.apps.farm;

import java.util.List;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * One master serving tasks [from, to) in assignment order to its slaves (seed 001, section 3.2): one
 * task to each slave, then the next task to whichever slave answers first (MPI_ANY_SOURCE), and a
 * stop to each slave when no task is left.
 */
final class Master {

    private Master() {
    }

    static void serve(Comm comm, Workload work, int from, int to, List<Integer> slaves) {
        int next = from;
        int outstanding = 0;
        for (int slave : slaves) {
            if (next < to) {
                comm.send(FarmMessages.withId(next, work.describe(next)), slave, FarmMessages.TAG_TASK);
                next++;
                outstanding++;
            } else {
                comm.send(FarmMessages.STOP, slave, FarmMessages.TAG_STOP);
            }
        }
        while (outstanding > 0) {
            Message m = comm.recv(Comm.ANY_SOURCE, FarmMessages.TAG_RESULT);
            work.collect(FarmMessages.id(m.data()), FarmMessages.body(m.data()));
            outstanding--;
            if (next < to) {
                comm.send(FarmMessages.withId(next, work.describe(next)), m.source(), FarmMessages.TAG_TASK);
                next++;
                outstanding++;
            } else {
                comm.send(FarmMessages.STOP, m.source(), FarmMessages.TAG_STOP);
            }
        }
    }
}
