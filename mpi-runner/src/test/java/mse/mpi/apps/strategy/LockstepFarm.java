package mse.mpi.apps.strategy;

import java.nio.ByteBuffer;
import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.farm.Workload;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * {@link TestLockstep}'s program, with messages, tags and a slave loop of its own (nothing of apps.farm's but the
 * {@link Strategy} and {@link Workload} interfaces): rank 0 hands task t to slave 1 + t mod (P - 1) and waits for
 * that slave's result before it hands out the next, then stops every slave. {@link LockstepSimulator} follows it rule
 * for rule.
 */
record LockstepFarm() implements Strategy {

    static final int TAG_TASK = 101;
    static final int TAG_RESULT = 102;
    static final int TAG_STOP = 103;

    /** The slave that task t goes to among np ranks. */
    static int slaveOf(int task, int np) {
        return 1 + task % (np - 1);
    }

    /** Task t's message: its id, then the workload's description. */
    static byte[] taskMessage(Workload work, int task) {
        byte[] body = work.describe(task);
        return ByteBuffer.allocate(Integer.BYTES + body.length).putInt(task).put(body).array();
    }

    /** A result's message: the task id, then the result; the simulator takes its length from here too. */
    static int resultMessageBytes(int resultBytes) {
        return Integer.BYTES + resultBytes;
    }

    @Override
    public void run(Comm comm, Workload work) {
        if (comm.rank() == 0) {
            for (int task = 0; task < work.tasks(); task++) {
                int slave = slaveOf(task, comm.size());
                comm.send(taskMessage(work, task), slave, TAG_TASK);
                Message result = comm.recv(slave, TAG_RESULT);
                ByteBuffer in = ByteBuffer.wrap(result.data());
                int id = in.getInt();
                byte[] body = new byte[in.remaining()];
                in.get(body);
                work.collect(id, body);
            }
            for (int slave = 1; slave < comm.size(); slave++) {
                comm.send(new byte[0], slave, TAG_STOP);
            }
        } else {
            serveAsSlave(comm, work);
        }
    }

    private static void serveAsSlave(Comm comm, Workload work) {
        while (true) {
            Message m = comm.recv(0, Comm.ANY_TAG);
            if (m.tag() == TAG_STOP) {
                return;
            }
            ByteBuffer in = ByteBuffer.wrap(m.data());
            int task = in.getInt();
            byte[] description = new byte[in.remaining()];
            in.get(description);
            Workload.Computed done = work.compute(description);
            comm.taskDone(task, done.workUnits()); // the deterministic task cost is charged here, and tasks.csv learns the task
            byte[] result = ByteBuffer.allocate(resultMessageBytes(done.result().length)).putInt(task).put(done.result()).array();
            comm.send(result, 0, TAG_RESULT);
        }
    }
}
