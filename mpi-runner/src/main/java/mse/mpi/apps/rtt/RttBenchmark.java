package mse.mpi.apps.rtt;

import java.util.ArrayList;
import java.util.List;
import mse.mpi.comm.Comm;
import org.HdrHistogram.Histogram;

/**
 * The round-trip measurement of seed 001 (001_cb00b78257109af6.txt) section 2.3, Fig. 1: ranks 0 and 1
 * exchange k-byte messages, rank 0 receiving the reply with ANY_SOURCE, while the other P - 2 ranks wait in
 * a blocking receive. Those idle ranks are the point: Table 1 shows the RTT growing with P although only two
 * ranks talk, because the receiver's cost of retrieving a message grows with the number of peers.
 *
 * <p>Per size: warm-up round trips (connections, caches, JIT), then the measured ones. Rank 0 also times
 * its send call (o_s) on every round trip, and in a last phase lets each reply arrive before it receives
 * it, timing only the receive (o_r): how [4] of the paper (Kielmann et al.) measures overheads, and what
 * lets the fitter split the round trip into o_s, L + kG and o_r (see mse.cluster.fit.NetworkFitter).
 */
public final class RttBenchmark {

    static final int PING = 1;
    static final int RELEASE = 2;
    /** Rank 0 waits this many median round trips (plus a floor) so the reply has surely arrived. */
    private static final int ARRIVAL_WAIT_RTTS = 3;
    private static final long ARRIVAL_WAIT_FLOOR_NANOS = 20_000;

    private final Comm comm;
    private final RttSettings settings;

    public RttBenchmark(Comm comm, RttSettings settings) {
        this.comm = comm;
        this.settings = settings;
    }

    /** Runs this rank's part; rank 0 returns the measured points, the other ranks null. */
    public RttResult run() {
        if (comm.size() < 2) {
            throw new IllegalStateException("a round trip needs at least 2 ranks, got " + comm.size());
        }
        switch (comm.rank()) {
            case 0 -> {
                List<RttResult.Point> points = new ArrayList<>();
                for (long size : settings.sizes()) {
                    points.add(measure(new byte[Math.toIntExact(size)]));
                }
                for (int idle = 2; idle < comm.size(); idle++) {
                    comm.send(new byte[1], idle, RELEASE);
                }
                return new RttResult(comm.size(), settings.warmup(), settings.roundTrips(), settings.arrivedReceives(), points);
            }
            case 1 -> {
                for (long ignored : settings.sizes()) {
                    for (int i = 0; i < settings.echoesPerSize(); i++) {
                        byte[] data = comm.recv(0, PING).data();
                        comm.send(data, 0, PING);
                    }
                }
                return null;
            }
            default -> {
                comm.recv(0, RELEASE);
                return null;
            }
        }
    }

    private RttResult.Point measure(byte[] data) {
        for (int i = 0; i < settings.warmup(); i++) {
            comm.send(data, 1, PING);
            comm.recv(Comm.ANY_SOURCE, PING);
        }
        Histogram rtt = histogram();
        Histogram send = histogram();
        for (int i = 0; i < settings.roundTrips(); i++) {
            long start = System.nanoTime();
            comm.send(data, 1, PING);
            long sent = System.nanoTime();
            comm.recv(Comm.ANY_SOURCE, PING);
            long back = System.nanoTime();
            send.recordValue(Math.max(1, sent - start));
            rtt.recordValue(Math.max(1, back - start));
        }
        Histogram recv = histogram();
        long wait = ARRIVAL_WAIT_RTTS * rtt.getValueAtPercentile(50) + ARRIVAL_WAIT_FLOOR_NANOS;
        for (int i = 0; i < settings.arrivedReceives(); i++) {
            comm.send(data, 1, PING);
            long until = System.nanoTime() + wait;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            long start = System.nanoTime();
            comm.recv(Comm.ANY_SOURCE, PING);
            recv.recordValue(Math.max(1, System.nanoTime() - start));
        }
        return new RttResult.Point(data.length, RttResult.Percentiles.of(rtt), RttResult.Percentiles.of(send),
                RttResult.Percentiles.of(recv));
    }

    private static Histogram histogram() {
        return new Histogram(60_000_000_000L, 3);
    }
}
