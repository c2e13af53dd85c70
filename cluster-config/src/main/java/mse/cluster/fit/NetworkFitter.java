package mse.cluster.fit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import mse.cluster.profiles.NetworkModelName;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.NetworkProfile.Overhead;

/**
 * Fits a LogGPS network profile to round trips measured as in seed 001 (001_cb00b78257109af6.txt) Fig. 1.
 *
 * <p>What the round trips identify. The model (section 2.3, Table 2) says one way costs
 * o_s(P,k) + L + kG + o_r(P,k) with o_x = o'a_x + o'b_x P + O_x k, so
 * <pre>RTT/2 = (o'a_s + o'a_r + L) + (o'b_s + o'b_r) P + (O_s + O_r + G) k</pre>
 * Round trips alone fix only these three sums (c0, c1, c2), by least squares over sizes and P; with two P
 * this is the paper's pair of equations for o'a and o'b (section 3), with more P a least-squares line.
 * c1 needs two P at least; with one P it is set to 0 and a note says so.
 *
 * <p>How the sums are split. As the paper does "in accordance with [4]" (Kielmann et al.), overheads are
 * measured as the time the CPU spends in the call: the benchmark times rank 0's send (o_s: an eager send
 * returns once the bytes are handed to the transport) and its receive of a reply that had already arrived
 * (o_r). Lines through those give the send overhead and the receive overhead's base and per-byte terms; L
 * and G are what the round trip leaves over. The P term goes where the measurements put it, and whatever
 * of c1 the send call does not show is charged to the receive: section 2.3 attributes the growth to
 * retrieving arrived messages and section 3.1 notes that the real send overhead has no P term. If noise
 * leaves L or G negative, the overheads are scaled down so the sums (and so the RTT) are still met.
 *
 * <p>S: where the trains show a rendezvous handshake ({@link SustainedGap}), the first size that pays it; otherwise when
 * the RTT curve of every P breaks into two lines at the same size (eager, then rendezvous), the first size past the
 * break, so the emulator makes those messages synchronous. A profile holds one G and one O per direction,
 * so L and O still come from one line through all sizes (relative least squares, so the small messages
 * a master/slave program sends weigh as much as the large ones); the residual table shows the misfit.
 *
 * <p>G and g: from trains of back-to-back messages where they show the link ({@link SustainedGap}); isolated round
 * trips see a link between bursts, so their per-byte rest (c2 less O_s and O_r) is what G falls back to only when no
 * stream was link-bound. When the trains give G, the residual table shows how far the round trips ran ahead of the
 * sustained rate.
 *
 * <p>On one host over loopback there is no wire: the time of a round trip is almost all CPU in the send
 * and receive calls, and the timed calls overlap the partner's work, so they can add up to more than half
 * the round trip. Then L (and G) come out 0 and the overheads are scaled to the round trip.
 */
public final class NetworkFitter {

    private NetworkFitter() {
    }

    public static NetworkFit fit(List<RttSample> measured, String name, String source) {
        List<RttSample> samples = new ArrayList<>(measured);
        samples.sort(Comparator.comparingInt(RttSample::processes).thenComparingLong(RttSample::bytes));
        if (samples.stream().mapToLong(RttSample::bytes).distinct().count() < 2) {
            throw new IllegalArgumentException("need at least two message sizes to separate L from G");
        }
        List<String> notes = new ArrayList<>();
        boolean severalP = samples.stream().mapToInt(RttSample::processes).distinct().count() >= 2;
        if (!severalP) {
            notes.add("one P only: the P term o'b is not identifiable and is set to 0 (calibrate at two P, seed 001 section 3)");
        }
        Terms sum = rttLine(samples, severalP, notes);
        Terms send = Terms.fit(samples, RttSample::sendMicros, severalP);
        Terms recv = Terms.fit(samples, RttSample::recvMicros, severalP);
        notes.add(String.format("RTT/2 = %.4f + %.5f P + %.6f k us (c0 = o'a_s + o'a_r + L, c1 = o'b_s + o'b_r, "
                + "c2 = O_s + O_r + G; relative RMS %.2f%%)", sum.base, sum.perProcess, sum.perByte, 100 * sum.rms));
        Overhead[] first = overheads(sum, sum, send, recv, new ArrayList<>());
        SustainedGap stream = SustainedGap.fit(smallestP(samples), first[0], first[1]);
        Terms unpaced = unpacedLine(samples, stream, severalP, notes);
        Overhead[] overheads = overheads(unpaced, sum, send, recv, notes);
        Overhead sendOverhead = overheads[0];
        Overhead recvOverhead = overheads[1];
        double latency = Math.max(0, unpaced.base - sendOverhead.baseMicros() - recvOverhead.baseMicros());
        double roundTripPerByte = Math.max(0, sum.perByte - sendOverhead.perByteMicros() - recvOverhead.perByteMicros());
        OptionalLong threshold = stream.protocolSwitch().isPresent() ? stream.protocolSwitch() : threshold(samples, stream, notes);
        if (stream.protocolSwitch().isPresent()) {
            notes.add("S = " + threshold.getAsLong() + " bytes: from there on the trains' gap per byte rose over the smaller "
                    + "link-bound sizes' and the receive of an arrived reply took the message's transfer (a rendezvous "
                    + "handshake per message: the reply does not come before its receive is posted); the true limit lies "
                    + "between it and the next smaller size measured. G and B come from the sizes below it " + stream.linkRate());
        } else if (threshold.isPresent()) {
            notes.add("S = " + threshold.getAsLong() + " bytes: the RTT per byte changes there (eager -> rendezvous); "
                    + "the true limit lies between it and the next smaller size measured. The profile has one G and one O "
                    + "per direction, so one line is fitted through all sizes; the residuals show what that costs");
        } else {
            notes.add("S = 0: every message modelled as eager");
        }
        double gapPerByte = stream.perByteMicros().orElse(roundTripPerByte);
        NetworkProfile network = new NetworkProfile(name, source, latency, stream.gapMicros(), gapPerByte,
                threshold.orElse(0), sendOverhead, recvOverhead, NetworkModelName.LOGGPS); // the parameters fitted are LogGPS's
        List<String> sources = ParameterSources.of(network, stream, roundTripPerByte, threshold.isPresent(), severalP);
        return new NetworkFit(network, fitted(network, samples), notes, sources, stream.linkRate());
    }

    /**
     * The send and receive overheads: the constant and P terms split from `baseLine`, the per-byte terms from
     * `perByteLine`, each as the timed calls show them (whatever of the P term the send call does not show goes to the
     * receive, section 2.3). Returns {send, recv}.
     */
    private static Overhead[] overheads(Terms baseLine, Terms perByteLine, Terms send, Terms recv, List<String> notes) {
        double perProcess = baseLine.perProcess;
        double sendP = Math.min(Math.max(0, send.perProcess), perProcess);
        double[] base = split(baseLine.base, Math.max(0, send.base), Math.max(0, recv.base), "L", notes);
        double[] perByte = split(perByteLine.perByte, Math.max(0, send.perByte), Math.max(0, recv.perByte), "G", notes);
        return new Overhead[] {new Overhead(base[0], sendP, perByte[0]), new Overhead(base[1], perProcess - sendP, perByte[1])};
    }

    /**
     * The line whose constant and P terms give L and the overheads' bases: through every size, unless the trains showed
     * the link pacing the stream; then through the sizes the link hardly paces (k G at most half the smallest size's
     * RTT/2), where the round trip is overheads and latency. A shaped link paces a round trip of large messages too (a
     * 1 KiB round trip takes about kG, each way in parallel), and one line through both kinds of size put the small
     * messages' one-way well below what they measured; the farm's task messages are small.
     */
    private static Terms unpacedLine(List<RttSample> samples, SustainedGap stream, boolean severalP, List<String> notes) {
        if (stream.perByteMicros().isEmpty()) {
            return rttLine(samples, severalP, new ArrayList<>());
        }
        double g = stream.perByteMicros().getAsDouble();
        double smallest = samples.stream().mapToDouble(s -> s.rttMicros() / 2).min().orElseThrow();
        List<RttSample> unpaced = samples.stream().filter(s -> s.bytes() * g <= smallest / 2).toList();
        if (unpaced.stream().mapToLong(RttSample::bytes).distinct().count() < 2 || unpaced.size() == samples.size()) {
            return rttLine(samples, severalP, new ArrayList<>());
        }
        Terms line = rttLine(unpaced, severalP, notes);
        notes.add(String.format("L and the overheads' bases from the sizes the link hardly paces (%s bytes: k G <= half the "
                + "least RTT/2): RTT/2 = %.4f + %.5f P + %.6f k us", unpaced.stream().map(RttSample::bytes).distinct().toList(),
                line.base, line.perProcess, line.perByte));
        return line;
    }

    /**
     * RTT/2 = c0 + c1 P + c2 k by least squares; where the RTT did not grow with P, the line without a P term. Clamping a
     * negative c1 to 0 would keep the c0 fitted with it, above every measured RTT at the smallest P.
     */
    private static Terms rttLine(List<RttSample> samples, boolean severalP, List<String> notes) {
        Terms line = Terms.fit(samples, s -> s.rttMicros() / 2, severalP);
        if (line.perProcess >= 0) {
            return line;
        }
        notes.add(String.format("RTT did not grow with P (%.5f us per P: noise or too close P): no P term, the line fitted "
                + "without one", line.perProcess));
        return Terms.fit(samples, s -> s.rttMicros() / 2, false);
    }

    /** The samples of the smallest P, the least disturbed by ranks sharing cores; sizes ascending. */
    private static List<RttSample> smallestP(List<RttSample> samples) {
        int smallest = samples.get(0).processes();
        return samples.stream().filter(s -> s.processes() == smallest).toList();
    }

    /** RTT = 2 (o_s + L + kG + o_r), the Fig. 1 pattern, for every measured point. */
    static List<FittedPoint> fitted(NetworkProfile network, List<RttSample> samples) {
        return samples.stream().map(s -> new FittedPoint(s.processes(), s.bytes(), s.rttMicros(),
                2 * (network.sendOverhead().micros(s.processes(), s.bytes())
                        + network.latencyMicros() + s.bytes() * network.gapPerByteMicros()
                        + network.recvOverhead().micros(s.processes(), s.bytes())))).toList();
    }

    /**
     * total = send + recv + wire: the wire part is the rest. A negative rest means the calls were timed
     * longer than half the round trip (noise, or time a blocked call spent waiting); then the overheads
     * are scaled to fit in the total and the wire part is 0. Returns {send, recv, wire}.
     */
    private static double[] split(double total, double send, double recv, String wireName, List<String> notes) {
        double sum = Math.max(0, total);
        if (send + recv <= sum) {
            return new double[] {send, recv, sum - send - recv};
        }
        double scale = send + recv > 0 ? sum / (send + recv) : 0;
        notes.add(String.format("timed overheads exceed the round trip's %s sum; scaled by %.3f and %s = 0",
                wireName, scale, wireName));
        return new double[] {send * scale, recv * scale, 0.0};
    }

    /**
     * S where the RTT curve of every P breaks at the same size: a protocol switch does not depend on P, while a
     * scheduler's or a shaper's disturbance (a token bucket lets messages under its burst pass at once) lands on
     * different sizes in different jobs. Breaks that disagree are noted and give no S.
     */
    private static OptionalLong threshold(List<RttSample> samples, SustainedGap stream, List<String> notes) {
        Map<Integer, OptionalLong> breaks = new TreeMap<>();
        for (int p : samples.stream().mapToInt(RttSample::processes).distinct().toArray()) {
            List<RttSample> curve = samples.stream().filter(s -> s.processes() == p).toList();
            breaks.put(p, RendezvousThreshold.find(curve.stream().mapToLong(RttSample::bytes).toArray(),
                    curve.stream().mapToDouble(RttSample::rttMicros).toArray()));
        }
        if (breaks.values().stream().distinct().count() == 1) {
            OptionalLong agreed = breaks.values().iterator().next();
            if (agreed.isPresent() && stream.linkBound(agreed.getAsLong())) {
                notes.add("the RTT curves break at " + agreed.getAsLong() + " bytes, where the trains show the link limiting "
                        + "the stream: a shaper or a link's rate bends the curve there (messages under a token bucket's burst "
                        + "pass at once), so no S");
                return OptionalLong.empty();
            }
            return agreed;
        }
        StringBuilder seen = new StringBuilder();
        breaks.forEach((p, s) -> seen.append(String.format(" P = %d: %s;", p, s.isPresent() ? s.getAsLong() + " bytes" : "none")));
        notes.add("the RTT curves broke at different sizes (" + seen.substring(1, seen.length() - 1) + "): noise or a shaper, "
                + "not a protocol switch, so no S");
        return OptionalLong.empty();
    }

    /** base + perProcess P + perByte k, fitted to one measured quantity. */
    private record Terms(double base, double perProcess, double perByte, double rms) {

        static Terms fit(List<RttSample> samples, ToDoubleFunction<RttSample> quantity, boolean withP) {
            double[][] design = new double[samples.size()][];
            double[] observed = new double[samples.size()];
            for (int i = 0; i < samples.size(); i++) {
                RttSample s = samples.get(i);
                design[i] = withP ? new double[] {1, s.processes(), s.bytes()} : new double[] {1, s.bytes()};
                observed[i] = quantity.applyAsDouble(s);
            }
            LinearFit fit = LinearFit.of(design, observed);
            double[] c = fit.coefficients();
            return withP ? new Terms(c[0], c[1], c[2], fit.relativeRms()) : new Terms(c[0], 0, c[1], fit.relativeRms());
        }
    }
}
