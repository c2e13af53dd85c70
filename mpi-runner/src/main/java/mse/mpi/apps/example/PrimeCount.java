package mse.mpi.apps.example;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;
import mse.mpi.comm.ReduceOp;
import mse.mpi.rank.RankResult;
import mse.mpi.rank.RankRuntime;
import mse.mpi.rank.RankRuntimeOptions;
import mse.mpi.rank.RunIdentity;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The smallest complete master/slave program on MSE's Comm, the README's example: rank 0 broadcasts the
 * problem, hands out chunks of [2, limit) as tasks, and a reduce adds up how many primes each slave found.
 * Everything a program needs to be emulated is here: talk only through Comm (collectives included), report
 * each task with taskDone, and let RankRuntime choose plain or emulated from the command line.
 */
@Command(name = "prime-count", mixinStandardHelpOptions = true, description = "Count primes below a limit, master/slave.")
public final class PrimeCount implements Callable<Integer> {

    private static final int TAG_WORK = 1;
    private static final int TAG_RESULT = 2;

    @Option(names = "--limit", defaultValue = "2000000", description = "Count primes below this (default: ${DEFAULT-VALUE}).")
    long limit;

    @Option(names = "--chunk", defaultValue = "20000", description = "Numbers per task (default: ${DEFAULT-VALUE}).")
    long chunk;

    @Mixin
    RankRuntimeOptions runtime;

    public static void main(String[] args) {
        System.exit(new CommandLine(new PrimeCount()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        RankRuntime rank = RankRuntime.open(runtime, np -> List.of(0));
        try {
            RankResult result = run(rank.comm(), limit, chunk);
            rank.finish(new RunIdentity("prime-count", "single", 1, "primes below " + limit), result);
            if (result != null) {
                System.out.println("primes below " + limit + ": " + result.checksum());
            }
            return 0;
        } catch (Exception | Error e) {
            return rank.fail(e);
        }
    }

    /**
     * Rank 0 returns its result (the count as its checksum), slaves null. Rank 0 broadcasts the problem (limit
     * and chunk: its own options are the ones that count), hands out chunks as tasks, and at the end a reduce
     * adds up the primes each slave counted: the result messages of the farm only ask for more work.
     */
    public static RankResult run(Comm comm, long limit, long chunk) {
        double start = comm.wtime();
        long[] problem = ReduceOp.toLongs(comm.bcast(comm.rank() == 0 ? ReduceOp.longs(limit, chunk) : null, 0));
        long mine = comm.rank() == 0 ? serve(comm, problem[0], problem[1]) : countChunks(comm, problem[0], problem[1]);
        byte[] total = comm.reduce(ReduceOp.longs(mine), ReduceOp.SUM_LONG, 0);
        if (comm.rank() != 0) {
            return null;
        }
        return new RankResult(comm.size(), Math.toIntExact((problem[0] - 2 + problem[1] - 1) / problem[1]), comm.wtime() - start,
                Long.toString(ReduceOp.toLongs(total)[0]), null);
    }

    /** A slave: counts the primes of each chunk it is sent until a stop, and returns how many it found. */
    private static long countChunks(Comm comm, long limit, long chunk) {
        long primes = 0;
        while (true) {
            Message m = comm.recv(0, TAG_WORK);
            long from = ByteBuffer.wrap(m.data()).getLong();
            if (from < 0) {
                return primes;
            }
            long to = Math.min(limit, from + chunk);
            for (long n = from; n < to; n++) {
                primes += isPrime(n) ? 1 : 0;
            }
            comm.taskDone((int) ((from - 2) / chunk), to - from);
            comm.send(new byte[0], 0, TAG_RESULT); // done: send more
        }
    }

    /** The master: hands out the chunks of [2, limit) as slaves finish; it counts no primes itself (0). */
    private static long serve(Comm comm, long limit, long chunk) {
        long next = 2;
        int busy = 0;
        for (int slave = 1; slave < comm.size(); slave++) {
            busy += assign(comm, slave, next < limit ? next : -1);
            next += next < limit ? chunk : 0;
        }
        while (busy > 0) {
            Message m = comm.recv(Comm.ANY_SOURCE, TAG_RESULT);
            busy += assign(comm, m.source(), next < limit ? next : -1) - 1;
            next += next < limit ? chunk : 0;
        }
        return 0;
    }

    /** Sends the chunk starting at `from`, or a stop when from is -1; returns 1 if the slave now works. */
    private static int assign(Comm comm, int slave, long from) {
        comm.send(ByteBuffer.allocate(8).putLong(from).array(), slave, TAG_WORK);
        return from < 0 ? 0 : 1;
    }

    private static boolean isPrime(long n) {
        if (n < 2) {
            return false;
        }
        for (long d = 2; d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
