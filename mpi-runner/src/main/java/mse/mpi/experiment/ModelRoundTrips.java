package mse.mpi.experiment;

import java.util.Arrays;
import java.util.List;
import mse.cluster.fit.FittedPoint;
import mse.cluster.fit.NetworkFit;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;

/**
 * The fitted profile's own round trips, which calibrate's residuals compare with the measured ones: the benchmark's
 * ping-pong (seed 001 (001_cb00b78257109af6.txt) Fig. 1) replayed through the model the kernel applies
 * ({@link NetworkModel}, {@link NetworkInterface}), past a warm-up as the benchmark has one. RTT = 2 (o_s + L + kG +
 * o_r) is that replay only on a link without a burst: with B the link's rate, not the sum, bounds a round trip once
 * the burst is spent (both ways pass their kG at once), so on a shaped link the formula put a 1 KiB round trip at
 * about twice what was measured, while the model emulates it at the link's own time. Sizes the model
 * sends synchronously (k >= S) keep the formula: the replay has no rendezvous.
 */
final class ModelRoundTrips {

    /** Round trips before the timed ones (the benchmark's default warm-up) and timed ones, whose median is kept. */
    static final int WARM_UP = 1_000;
    static final int TIMED = 1_001;

    private ModelRoundTrips() {
    }

    /** The fit with each eager point's fitted RTT replaced by the model's median round trip. */
    static NetworkFit replayed(NetworkFit fit) {
        List<FittedPoint> points = fit.points().stream().map(p -> {
            NetworkModel model = NetworkModel.of(fit.network(), p.processes());
            return model.isSynchronous(p.bytes()) ? p
                    : new FittedPoint(p.processes(), p.bytes(), p.measuredRttMicros(), medianRoundTrip(model, p.bytes()) / 1e3);
        }).toList();
        return fit.withPoints(points);
    }

    /** The model's median round trip of `bytes` each way, in nanoseconds. */
    static long medianRoundTrip(NetworkModel model, long bytes) {
        NetworkInterface out0 = model.newInterface();
        NetworkInterface in1 = model.newInterface();
        NetworkInterface out1 = model.newInterface();
        NetworkInterface in0 = model.newInterface();
        long[] timed = new long[TIMED];
        long rank0 = 0;
        long rank1 = 0;
        for (int i = 0; i < WARM_UP + TIMED; i++) {
            long start = rank0;
            rank1 = oneWay(model, out0, in1, rank0, rank1, bytes);
            rank0 = oneWay(model, out1, in0, rank1, rank0 + model.sendOverheadNanos(bytes), bytes);
            if (i >= WARM_UP) {
                timed[i - WARM_UP] = rank0 - start;
            }
        }
        Arrays.sort(timed);
        return timed[TIMED / 2];
    }

    /**
     * One message: its sender starts the send at `sender`, its receiver is free from `receiver`; returns when the
     * receiver has it (receive overhead included).
     */
    static long oneWay(NetworkModel model, NetworkInterface out, NetworkInterface in, long sender, long receiver, long bytes) {
        long leave = out.leave(sender + model.sendOverheadNanos(bytes), model.interfaceNanos(bytes));
        long reached = in.pass(leave + model.latencyNanos(), model.interfaceNanos(bytes), model.transferNanos(bytes));
        return Math.max(receiver, reached) + model.recvOverheadNanos(bytes);
    }
}
