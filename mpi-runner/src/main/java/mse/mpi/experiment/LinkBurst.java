package mse.mpi.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import mse.cluster.fit.NetworkFit;
import mse.cluster.profiles.NetworkProfile;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;

/**
 * The link's burst B (network.burst-bytes) from calibrate's idle trains: the depth of the bucket that makes the fitted
 * model's own replay of an idle train take as long as the train measured. Round trips and long trains cannot show it
 * (a round trip's link never rests long enough against the stream it is part of; a 1 MiB train spends one burst), while
 * a farm's results arrive with pauses between them, each after the link had time to refill: on a shaped link a result
 * of a few KiB then passes in markedly less than its size's time.
 *
 * <p>The replay is the model's (NetworkInterface, LogGpsModel, the profile fitted from the round trips and trains): rank
 * 0 sends the request, rank 1 receives it and sends the train back to back, rank 0 receives every message; every
 * interface starts idle. Its time can only fall as the credit tau = B G grows, so the credit is found by bisection, and
 * B is what the model then holds. Taken only from the largest link-bound size below any protocol switch, the one G came
 * from; a difference the measurement's own noise could make (below {@link #NOISE}) is no burst.
 */
public final class LinkBurst {

    /** The idle train must run this much faster than the model without a burst before a burst is believed. */
    static final double NOISE = 0.03;

    private LinkBurst() {
    }

    /** The fit with the burst that `idleTrainMicros` (the quickest of trains of `messages` `size`-byte messages) shows. */
    public static NetworkFit fit(NetworkFit fit, int processes, long size, int messages, double idleTrainMicros, int requestBytes) {
        NetworkProfile network = fit.network();
        NetworkModel model = new LogGpsModel(network, processes);
        if (model.isSynchronous(size)) {
            return none(fit, "B   = 0 bytes: the idle trains' size is synchronous (k >= S), so they pass no burst to measure");
        }
        long measured = Math.round(idleTrainMicros * 1000);
        LongUnaryOperator replay = credit -> replay(model, credit, size, messages, requestBytes);
        long without = replay.applyAsLong(0);
        String trains = String.format("the quickest idle train of %d %d-byte messages took %.1f us, the model's replay without a burst %.1f us",
                messages, size, measured / 1e3, without / 1e3);
        if (measured >= without) {
            return none(fit, "B   = 0 bytes: " + trains + " (no faster than the model: no burst)");
        }
        if (measured >= without * (1 - NOISE)) {
            return none(fit, "B   = 0 bytes: " + trains + " (within " + Math.round(100 * NOISE) + "%: no burst)");
        }
        long most = (long) Math.ceil(messages * size * network.gapPerByteMicros() * 1000);
        List<String> notes = new ArrayList<>();
        long credit;
        if (replay.applyAsLong(most) > measured) {
            credit = most;
            notes.add(String.format("the idle train ran faster than the model with every byte of it passing at once (%.1f us): "
                    + "the burst is at least the train's %d bytes", replay.applyAsLong(most) / 1e3, messages * size));
        } else {
            long low = 0;
            long high = most;
            while (low < high) { // the least credit whose replay is no slower than measured
                long mid = (low + high) >>> 1;
                if (replay.applyAsLong(mid) <= measured) {
                    high = mid;
                } else {
                    low = mid + 1;
                }
            }
            credit = low;
        }
        long bytes = Math.round(credit / (network.gapPerByteMicros() * 1000));
        return fit.withBurst(bytes, String.format("B   = %d bytes: %s; tau = B G = %.1f us matches them", bytes, trains,
                credit / 1e3), notes);
    }

    private static NetworkFit none(NetworkFit fit, String source) {
        return fit.withBurst(0, source, List.of());
    }

    /** The model's idle train with burst credit `credit`: from rank 0's request to its receive of the last message. */
    static long replay(NetworkModel model, long credit, long size, int messages, int requestBytes) {
        NetworkInterface out0 = new NetworkInterface(credit);
        NetworkInterface in1 = new NetworkInterface(credit);
        NetworkInterface out1 = new NetworkInterface(credit);
        NetworkInterface in0 = new NetworkInterface(credit);
        long rank0 = model.sendOverheadNanos(requestBytes);
        long rank1 = ModelRoundTrips.oneWay(model, out0, in1, 0, 0, requestBytes);
        for (int i = 0; i < messages; i++) {
            rank0 = ModelRoundTrips.oneWay(model, out1, in0, rank1, rank0, size);
            rank1 += model.sendOverheadNanos(size);
        }
        return rank0;
    }
}
