package mse.mpi.apps.mase;

import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/** A MASE slave: take a task from the master, compute its block, return the counts, until told to stop. */
final class Slave {

    private Slave() {
    }

    static void serve(Comm comm, int master, ImageSpec image) {
        while (true) {
            Message m = comm.recv(master, Comm.ANY_TAG);
            if (m.tag() == MaseMessages.TAG_STOP) {
                return;
            }
            MaseMessages.Task task = MaseMessages.decodeTask(m.data());
            int[] counts = new int[task.length()];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = image.count(task.first() + i);
            }
            comm.send(MaseMessages.encode(new MaseMessages.Result(task.id(), counts)), master, MaseMessages.TAG_RESULT);
        }
    }
}
