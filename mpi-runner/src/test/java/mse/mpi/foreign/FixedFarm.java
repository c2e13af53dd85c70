package mse.mpi.foreign;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;
import mse.mpi.rank.RankResult;
import mse.mpi.rank.RankRuntime;
import mse.mpi.rank.RankRuntimeOptions;
import mse.mpi.rank.RunIdentity;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The Java twin of mpi-runner/src/test/c/fixed-farm.c on MSE's Comm: the same messages in the same order (work: 4
 * bytes on tag 1; result: 8 bytes on tag 2; stop: 4 bytes on tag 3) and the same task reports, so that in a
 * deterministic task-cost mode the C program through the interposition library and this program through
 * EmulatedComm must give the same prediction to the bit.
 */
public final class FixedFarm implements Callable<Integer> {

    private static final int TAG_WORK = 1;
    private static final int TAG_RESULT = 2;
    private static final int TAG_STOP = 3;

    @Option(names = "--tasks", defaultValue = "64")
    int tasks;

    @Mixin
    RankRuntimeOptions runtime;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FixedFarm()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        RankRuntime rank = RankRuntime.open(runtime, np -> List.of(0));
        try {
            Comm comm = rank.comm();
            RankResult result = null;
            if (comm.rank() == 0) {
                long sum = serve(comm);
                result = new RankResult(comm.size(), tasks, 0, Long.toString(sum), null);
            } else {
                work(comm);
            }
            rank.finish(new RunIdentity("fixed-farm", "single", 1, tasks + " tasks"), result);
            return 0;
        } catch (Exception | Error e) {
            return rank.fail(e);
        }
    }

    private long serve(Comm comm) {
        int next = 0;
        long sum = 0;
        for (int slave = 1; slave < comm.size(); slave++) {
            comm.send(task(next), slave, next < tasks ? TAG_WORK : TAG_STOP);
            if (next < tasks) {
                next++;
            }
        }
        for (int done = 0; done < tasks; done++) {
            Message result = comm.recv(Comm.ANY_SOURCE, TAG_RESULT);
            sum += ByteBuffer.wrap(result.data()).getLong();
            int tag = next < tasks ? TAG_WORK : TAG_STOP;
            comm.send(task(next), result.source(), tag);
            if (tag == TAG_WORK) {
                next++;
            }
        }
        return sum;
    }

    private static void work(Comm comm) {
        while (true) {
            Message m = comm.recv(0, Comm.ANY_TAG);
            if (m.tag() == TAG_STOP) {
                return;
            }
            int task = ByteBuffer.wrap(m.data()).getInt();
            comm.taskDone(task, task % 7 + 1);
            comm.send(ByteBuffer.allocate(8).putLong((long) task * task).array(), 0, TAG_RESULT);
        }
    }

    private static byte[] task(int task) {
        return ByteBuffer.allocate(4).putInt(task).array();
    }
}
