package mse.mpi.apps.mase;

import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * SI, the single-master version of MASE (seed 001, section 3.2): rank 0 hands one task to each slave,
 * then gives the next task in assignment order to whichever slave answers first (MPI_ANY_SOURCE), and
 * stops each slave when no task is left.
 */
public final class SingleMaster {

    private SingleMaster() {
    }

    /** Runs this rank's part; rank 0 returns the assembled image, slaves return null. */
    public static CountImage run(Comm comm, MaseJob job) {
        if (comm.size() < 2) {
            throw new IllegalArgumentException("MASE needs at least 2 ranks (a master and a slave), got " + comm.size());
        }
        if (comm.rank() != 0) {
            Slave.serve(comm, 0, job.image());
            return null;
        }
        return master(comm, job);
    }

    private static CountImage master(Comm comm, MaseJob job) {
        CountImage image = new CountImage(job.image());
        int total = job.tasks().count();
        int next = 0;
        int outstanding = 0;
        for (int slave = 1; slave < comm.size(); slave++) {
            if (next < total) {
                comm.send(MaseMessages.encode(job.task(next++)), slave, MaseMessages.TAG_TASK);
                outstanding++;
            } else {
                comm.send(new byte[0], slave, MaseMessages.TAG_STOP);
            }
        }
        while (outstanding > 0) {
            Message m = comm.recv(Comm.ANY_SOURCE, MaseMessages.TAG_RESULT);
            MaseMessages.Result r = MaseMessages.decodeResult(m.data());
            image.put(job.tasks().first(r.taskId()), r.counts());
            outstanding--;
            if (next < total) {
                comm.send(MaseMessages.encode(job.task(next++)), m.source(), MaseMessages.TAG_TASK);
                outstanding++;
            } else {
                comm.send(new byte[0], m.source(), MaseMessages.TAG_STOP);
            }
        }
        return image;
    }
}
