package mse.mpi.apps.example;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;
import mse.mpi.launch.RankResult;
import mse.mpi.launch.RankRuntime;
import mse.mpi.launch.RankRuntimeOptions;
import mse.mpi.launch.RunIdentity;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The smallest complete master/slave program on MSE's Comm, the README's example: rank 0 hands out
 * chunks of [2, limit) and adds up how many primes each slave found. Everything a program needs to be
 * emulated is here: talk only through Comm, report each task with taskDone, and let RankRuntime choose
 * plain or emulated from the command line.
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

    /** Rank 0 returns its result (the count as its checksum), slaves null. */
    public static RankResult run(Comm comm, long limit, long chunk) {
        long tasks = (limit - 2 + chunk - 1) / chunk;
        if (comm.rank() != 0) {
            while (true) {
                Message m = comm.recv(0, TAG_WORK);
                long from = ByteBuffer.wrap(m.data()).getLong();
                if (from < 0) {
                    return null; // stop
                }
                long to = Math.min(limit, from + chunk);
                long primes = 0;
                for (long n = from; n < to; n++) {
                    primes += isPrime(n) ? 1 : 0;
                }
                comm.taskDone((int) ((from - 2) / chunk), to - from);
                comm.send(ByteBuffer.allocate(8).putLong(primes).array(), 0, TAG_RESULT);
            }
        }
        double start = comm.wtime();
        long next = 2;
        long primes = 0;
        int busy = 0;
        for (int slave = 1; slave < comm.size(); slave++) {
            busy += assign(comm, slave, next < limit ? next : -1);
            next += next < limit ? chunk : 0;
        }
        while (busy > 0) {
            Message m = comm.recv(Comm.ANY_SOURCE, TAG_RESULT);
            primes += ByteBuffer.wrap(m.data()).getLong();
            busy += assign(comm, m.source(), next < limit ? next : -1) - 1;
            next += next < limit ? chunk : 0;
        }
        return new RankResult(comm.size(), Math.toIntExact(tasks), comm.wtime() - start, Long.toString(primes), null);
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
