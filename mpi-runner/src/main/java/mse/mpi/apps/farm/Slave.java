package mse.mpi.apps.farm;

import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/** A slave: take a task from its master, compute it, return the result, until told to stop. */
final class Slave {

    private Slave() {
    }

    static void serve(Comm comm, int master, Workload work) {
        while (true) {
            Message m = comm.recv(master, Comm.ANY_TAG);
            if (m.tag() == FarmMessages.TAG_STOP) {
                return;
            }
            int task = FarmMessages.id(m.data());
            Workload.Computed done = work.compute(FarmMessages.body(m.data()));
            comm.taskDone(task, done.workUnits());
            comm.send(FarmMessages.withId(task, done.result()), master, FarmMessages.TAG_RESULT);
        }
    }
}
