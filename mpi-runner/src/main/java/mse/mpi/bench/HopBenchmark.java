package mse.mpi.bench;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.actors.EmulationSession;
import mse.emulator.actors.EmulationSetup;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;

/**
 * `mse bench hop`: the wall time from a fact written on one rank's connection to the grant it releases read
 * on another's, through the real emulator (gateway, keeper, kernel) and the real rank-side links. Rank 1
 * waits in a receive from rank 0; once its receive has settled in the emulator, rank 0 reports the matching
 * send. This hop is what every emulated message adds to the plain program's wall time. Measured over the local
 * socket (what ranks on the emulator's machine use) and over TCP (ranks on other hosts).
 */
public final class HopBenchmark {

    /** Long enough for rank 1's receive to reach the keeper first: the hop then starts at rank 0's fact. */
    private static final long SETTLE_NANOS = 300_000;

    private HopBenchmark() {
    }

    /** Prints the distribution and returns {median, p99} in microseconds, over the local socket or TCP. */
    @SuppressWarnings("try") // the links close before the report is awaited, and again (harmlessly) on the way out
    public static double[] run(int hops, boolean localSocket) throws Exception {
        TargetProfile profile = ProfileLoader.load("mpich-fast-ethernet");
        EmulationSetup setup = new EmulationSetup(NetworkModel.of(profile.network(), 2), TargetCpu.of(profile.cpu()),
                List.of(), "127.0.0.1", Duration.ofSeconds(20));
        try (EmulationSession session = EmulationSession.start(setup);
             EmulatorLink sender = connect(session, 0, localSocket);
             EmulatorLink receiver = connect(session, 1, localSocket)) {
            measure(sender, receiver, hops / 2); // warm-up: JIT on both sides
            long[] nanos = measure(sender, receiver, hops);
            sender.report(new RankFact.Finished(0, 0));
            receiver.report(new RankFact.Finished(1, 0));
            sender.close();
            receiver.close();
            session.report().get(20, TimeUnit.SECONDS);
            Arrays.sort(nanos);
            double median = percentile(nanos, 0.50);
            double p99 = percentile(nanos, 0.99);
            System.out.printf("fact -> grant hop over " + (localSocket ? "the local socket" : "loopback TCP") + ", %d hops: p50 %.1f us, p90 %.1f us, p99 %.1f us, max %.1f us%n",
                    nanos.length, median, percentile(nanos, 0.90), p99, nanos[nanos.length - 1] / 1e3);
            return new double[] {median, p99};
        }
    }

    private static EmulatorLink connect(EmulationSession session, int rank, boolean localSocket) throws java.io.IOException {
        return EmulatorLink.connect(localSocket ? session.localEndpoint() : session.tcpEndpoint(),
                new Hello(session.token(), rank, 2));
    }

    private static long[] measure(EmulatorLink sender, EmulatorLink receiver, int hops) throws Exception {
        long[] nanos = new long[hops];
        SynchronousQueue<Long> granted = new SynchronousQueue<>();
        CompletableFuture<Void> receiving = CompletableFuture.runAsync(() -> {
            try {
                for (int i = 0; i < hops; i++) {
                    receiver.ask(new RankFact.Receive(1, 0, 0, i, true));
                    granted.put(System.nanoTime());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        for (int i = 0; i < hops; i++) {
            LockSupport.parkNanos(SETTLE_NANOS);
            long start = System.nanoTime();
            sender.report(new RankFact.Sent(0, 0, 1, i, 0));
            sender.flush();
            nanos[i] = granted.take() - start;
        }
        receiving.get(20, TimeUnit.SECONDS);
        return nanos;
    }

    /** The q-quantile of sorted nanoseconds, in microseconds (also the hop floor's: the two medians compare). */
    static double percentile(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))] / 1e3;
    }
}
