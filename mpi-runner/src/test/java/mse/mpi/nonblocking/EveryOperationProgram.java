package mse.mpi.nonblocking;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;
import mse.mpi.comm.ReduceOp;
import mse.mpi.comm.Request;
import mse.mpi.rank.RankResult;
import mse.mpi.rank.RankRuntime;
import mse.mpi.rank.RankRuntimeOptions;
import mse.mpi.rank.RunIdentity;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Test-only MPI program for 4 ranks that uses every collective and non-blocking operation of Comm and checks
 * what it gets: any wrong value fails the rank (exit 1). With --virtual (emulated with a fixed task cost) it
 * also checks what only virtual time makes certain: which message waitAny completes first, that a test before
 * the arrival is false. Rank 0's result carries the waitAny order.
 */
public final class EveryOperationProgram implements Callable<Integer> {

    @Mixin
    RankRuntimeOptions runtime;

    @Option(names = "--virtual", description = "Also check the virtual-time order (emulated, fixed task cost).")
    boolean virtual;

    public static void main(String[] args) {
        System.exit(new CommandLine(new EveryOperationProgram()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        RankRuntime rank = RankRuntime.open(runtime, np -> List.of(0));
        try {
            RankResult result = run(rank.comm());
            rank.finish(new RunIdentity("every-operation", "single", 1, "collectives and non-blocking operations"), result);
            return 0;
        } catch (Exception | Error e) {
            return rank.fail(e);
        }
    }

    private RankResult run(Comm comm) {
        check(comm.size() == 4, "needs 4 ranks, got " + comm.size());
        int me = comm.rank();
        byte[] got = comm.bcast(me == 1 ? bytes("from one") : null, 1);
        check(Arrays.equals(got, bytes("from one")), "bcast gave " + text(got));
        List<byte[]> gathered = comm.gather(new byte[me * 3 + 1], 2);
        if (me == 2) {
            for (int r = 0; r < 4; r++) {
                check(gathered.get(r).length == r * 3 + 1, "gather: rank " + r + " sent " + gathered.get(r).length + " bytes");
            }
        }
        byte[] sum = comm.reduce(ReduceOp.longs(me, 10L * me), ReduceOp.SUM_LONG, 0);
        byte[] max = comm.reduce(ReduceOp.doubles(me * 0.5), ReduceOp.MAX_DOUBLE, 3);
        check(me != 0 || Arrays.equals(ReduceOp.toLongs(sum), new long[] {6, 60}), "reduce sum");
        check(me != 3 || ReduceOp.toDoubles(max)[0] == 1.5, "reduce max");
        comm.barrier();
        String order = waitAnyOrder(comm);
        iprobeAndTest(comm);
        comm.barrier();
        if (me != 0) {
            return null;
        }
        return new RankResult(comm.size(), 0, 0.0, order, null); // no tasks: the order of waitAny is what it checks
    }

    /** Rank 0 waits on one irecv per slave; slave r computes 4 - r tasks first, so rank 3's message is first. */
    private String waitAnyOrder(Comm comm) {
        if (comm.rank() != 0) {
            for (int t = 0; t < 4 - comm.rank(); t++) {
                comm.taskDone(comm.rank() * 10 + t, 1);
            }
            check(comm.isend(bytes("result of " + comm.rank()), 0, 5).waitFor() == null, "a send's waitFor gives no message");
            return null;
        }
        List<Request> requests = new ArrayList<>();
        for (int r = 1; r < 4; r++) {
            requests.add(comm.irecv(r, 5, 64));
        }
        List<Integer> sources = new ArrayList<>();
        while (!requests.isEmpty()) {
            Message m = requests.remove(Request.waitAny(requests)).waitFor();
            check(text(m.data()).equals("result of " + m.source()), "waitAny gave " + text(m.data()));
            sources.add(m.source());
        }
        check(!virtual || sources.equals(List.of(3, 2, 1)), "virtual waitAny order " + sources);
        return sources.toString();
    }

    /** Rank 3 sends to rank 2 after two tasks: rank 2 tests first (false in virtual time), polls with iprobe, waits. */
    private void iprobeAndTest(Comm comm) {
        if (comm.rank() == 3) {
            comm.taskDone(30, 1);
            comm.taskDone(31, 1);
            comm.send(bytes("late"), 2, 7);
        } else if (comm.rank() == 2) {
            Request r = comm.irecv(3, 7, 4);
            check(!virtual || !r.test(), "a test before the arrival in virtual time");
            while (comm.iprobe(3, 7).isEmpty() && !r.test()) {
                Thread.onSpinWait(); // a polling loop: emulated, each iprobe charges the CPU since the last
            }
            check(text(r.waitFor().data()).equals("late"), "irecv got the wrong message");
            check(comm.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG).isEmpty(), "nothing else was sent to rank 2");
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("check failed: " + what);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
