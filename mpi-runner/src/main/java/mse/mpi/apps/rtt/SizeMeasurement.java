package mse.mpi.apps.rtt;

import java.util.List;
import java.util.function.DoubleSupplier;
import mse.mpi.comm.Comm;
import org.HdrHistogram.Histogram;

/**
 * Rank 0's measurement of one message size, in phases that share the size's time budget (each may use what the
 * phases before it left of their shares: warm-up up to 10% of the budget, round trips up to 50%, receives of arrived
 * replies up to 70%, trains up to 90%, idle trains the rest). Each measuring phase stops once its median is stable to the asked precision
 * ({@link MedianPrecision}), at its sample cap, or when its share runs out.
 *
 * <ul>
 * <li>Round trips (seed 001 (001_cb00b78257109af6.txt) Fig. 1), timing the send call on each (o_s): L and the
 *     overheads come from them.</li>
 * <li>Receives of a reply that has surely arrived (o_r), as Kielmann et al. measure receive overheads ("Fast
 *     measurement of LogP parameters for message passing platforms", 2000).</li>
 * <li>Trains: rank 1 sends messages back to back and rank 0 receives them; one sample is the time from rank 0's
 *     request to its receive of the last message, divided by the messages. Kielmann et al. measure g from such
 *     saturated streams for the reason that matters here: an isolated round trip sees a link only between bursts (a
 *     token-bucket shaper or a switch buffer lets a short burst through at line rate), while a master at saturation
 *     receives results back to back. A train of about 1 MiB leaves a burst (1,600 bytes on the shaped links) and the
 *     request's latency a small share; what it shows is the rate the stream sustains, max(o_s, o_r, g, k G) per
 *     message in LogGP terms. Timing the train's second half alone was tried and dropped: a rank 0 that fell behind
 *     the stream (descheduled on a loaded machine) then received the second half from its socket buffer at CPU speed,
 *     and one 256-byte median came out a fraction of the link's time. From the request, a late rank 0 only adds time.</li>
 * <li>Idle trains: the same, {@link #idleTrainMessages} messages (about 16 KiB) after the link was left idle for three
 *     times what they take at the trains' rate, timed whole. A link that lets a burst through at once after a pause
 *     (a token bucket, a buffer) shows here and nowhere else: the round trips never leave the stream, the trains
 *     share one burst among 1 MiB. A farm's results come with pauses between them, so the burst is what the master
 *     sees; mse.mpi.experiment.LinkBurst reads it against the fitted model (network.burst-bytes).</li>
 * </ul>
 */
final class SizeMeasurement {

    /** A train carries about this many bytes (within 16..1024 messages), so a burst or the request's latency is a small share. */
    static final long TRAIN_BYTES = 1 << 20;
    /** An idle train carries about this many bytes (within 2..64 messages): several times a shaper's usual burst. */
    static final long IDLE_TRAIN_BYTES = 16 << 10;
    /** The least idle time before an idle train, whatever the trains' rate. */
    private static final long IDLE_FLOOR_NANOS = 1_000_000;
    /** Rank 0 waits this many median round trips (plus a floor) so the reply has surely arrived. */
    private static final int ARRIVAL_WAIT_RTTS = 3;
    private static final long ARRIVAL_WAIT_FLOOR_NANOS = 20_000;

    private final Comm comm;
    private final RttSettings settings;
    private final byte[] data;
    private final long start = System.nanoTime();
    private final long budget;

    SizeMeasurement(Comm comm, RttSettings settings, int size) {
        this.comm = comm;
        this.settings = settings;
        this.data = new byte[size];
        this.budget = (long) (settings.pointSeconds() * 1e9);
    }

    /** How many messages a train of `size`-byte messages has. */
    static int trainMessages(long size) {
        return (int) Math.max(16, Math.min(1024, TRAIN_BYTES / size));
    }

    /** How many messages an idle train of `size`-byte messages has. */
    static int idleTrainMessages(long size) {
        return (int) Math.max(2, Math.min(64, IDLE_TRAIN_BYTES / size));
    }

    RttResult.Point run() {
        for (int i = 0; i < settings.warmup() && System.nanoTime() < deadline(0.1); i++) {
            comm.send(data, 1, RttBenchmark.PING);
            comm.recv(Comm.ANY_SOURCE, RttBenchmark.PING);
        }
        Histogram rtt = histogram();
        Histogram send = histogram();
        RttResult.Phase roundTrips = phase("round trips", settings.roundTrips(), deadline(0.5),
                () -> Math.max(MedianPrecision.of(rtt), MedianPrecision.of(send)), () -> {
                    long begin = System.nanoTime();
                    comm.send(data, 1, RttBenchmark.PING);
                    long sent = System.nanoTime();
                    comm.recv(Comm.ANY_SOURCE, RttBenchmark.PING);
                    long back = System.nanoTime();
                    send.recordValue(Math.max(1, sent - begin));
                    rtt.recordValue(Math.max(1, back - begin));
                });
        Histogram recv = histogram();
        long wait = ARRIVAL_WAIT_RTTS * rtt.getValueAtPercentile(50) + ARRIVAL_WAIT_FLOOR_NANOS;
        RttResult.Phase arrived = phase("arrived receives", settings.arrivedReceives(), deadline(0.7),
                () -> MedianPrecision.of(recv), () -> {
                    comm.send(data, 1, RttBenchmark.PING);
                    awake(wait);
                    long begin = System.nanoTime();
                    comm.recv(Comm.ANY_SOURCE, RttBenchmark.PING);
                    recv.recordValue(Math.max(1, System.nanoTime() - begin));
                });
        Histogram gap = histogram();
        int messages = trainMessages(data.length);
        byte[] request = RttBenchmark.trainRequest(messages, data.length);
        RttResult.Phase trains = phase("trains", settings.roundTrips(), deadline(0.9), () -> MedianPrecision.of(gap),
                () -> gap.recordValue(Math.max(1, Math.round(train(request, messages) / (double) messages))));
        Histogram idle = histogram();
        int idleMessages = idleTrainMessages(data.length);
        byte[] idleRequest = RttBenchmark.trainRequest(idleMessages, data.length);
        long pause = Math.max(IDLE_FLOOR_NANOS, 3 * idleMessages * gap.getValueAtPercentile(50));
        RttResult.Phase idleTrains = phase("idle trains", settings.arrivedReceives(), deadline(1.0), () -> MedianPrecision.of(idle), () -> {
            awake(pause); // only the link rests
            idle.recordValue(Math.max(1, train(idleRequest, idleMessages)));
        });
        return new RttResult.Point(data.length, RttResult.Percentiles.of(rtt), RttResult.Percentiles.of(send),
                RttResult.Percentiles.of(recv), RttResult.Percentiles.of(gap), messages,
                List.of(roundTrips, arrived, trains, idleTrains), (System.nanoTime() - start) / 1e9,
                RttResult.Percentiles.of(idle), idleMessages);
    }

    /** Waits `nanos` on a core kept awake: the wait is part of the measurement, and a sleep would let the core doze. */
    private static void awake(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    /** One train: from rank 0's request to its receive of the last of `messages`, in nanoseconds. */
    private long train(byte[] request, int messages) {
        long begin = System.nanoTime();
        comm.send(request, 1, RttBenchmark.TRAIN);
        for (int i = 0; i < messages; i++) {
            comm.recv(Comm.ANY_SOURCE, RttBenchmark.PING);
        }
        return System.nanoTime() - begin;
    }

    /**
     * Takes samples until the precision is met, the cap is reached or the deadline passes (at least one sample). The
     * precision is checked after every tenth of the samples so far (at least every 10): its cost stays a small share.
     */
    private RttResult.Phase phase(String name, int cap, long deadline, DoubleSupplier precision,
                                  Runnable sample) {
        long begin = System.nanoTime();
        long count = 0;
        long nextCheck = MedianPrecision.MIN_SAMPLES;
        double reached = Double.POSITIVE_INFINITY;
        String stop;
        while (true) {
            sample.run();
            count++;
            if (count >= nextCheck) {
                reached = precision.getAsDouble();
                nextCheck = count + Math.max(10, count / 10);
                if (reached <= settings.precision()) {
                    stop = "stable";
                    break;
                }
            }
            if (count >= cap) {
                stop = "sample cap";
                break;
            }
            if (System.nanoTime() >= deadline) {
                stop = "time budget";
                break;
            }
        }
        reached = precision.getAsDouble();
        return new RttResult.Phase(name, count, Double.isFinite(reached) ? 100 * reached : null, stop,
                (System.nanoTime() - begin) / 1e9);
    }

    private long deadline(double share) {
        return start + (long) (budget * share);
    }

    private static Histogram histogram() {
        return new Histogram(60_000_000_000L, 3);
    }
}
