package mse.cluster.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import mse.cluster.profiles.NetworkProfile.Overhead;

/**
 * LogGP's G and g from trains of back-to-back messages (Kielmann et al., "Fast measurement of LogP parameters for
 * message passing platforms", 2000: g and G are the gaps of saturated streams, not of isolated round trips). In a
 * stream of k-byte messages each costs max(o_s, o_r, g, kG): the sender's and the receiver's CPU, or the link. A size
 * whose sustained gap exceeds both overheads by more than {@link #LINK_MARGIN} is link-bound: its gap is the link's.
 *
 * <ul>
 * <li>G is the slope of the gap over the link-bound sizes (a line through them, least squares on relative error); its
 *     intercept is the per-message framing (headers), which LogGP's max(g, kG) leaves out. With one link-bound size G
 *     is its gap per byte, framing included. With none the link never limited a stream: the CPU did, and G is left to
 *     the round trips.</li>
 * <li>g is the gap of the smallest size when that size is link-bound (the least interval between two messages at an
 *     interface); otherwise the overheads limit small messages and g is folded into o, as seed 001 section 3 does.</li>
 * </ul>
 *
 * @param gapMicros     g, 0 when folded into o
 * @param perByteMicros G, empty when no train was link-bound
 * @param linkBound     the link-bound sizes, smallest first
 */
public record SustainedGap(double gapMicros, OptionalDouble perByteMicros, List<Long> linkBound) {

    /** A gap this much above both overheads is the link's, not the CPU's (overheads are medians of single calls). */
    static final double LINK_MARGIN = 1.2;

    public SustainedGap {
        linkBound = List.copyOf(linkBound);
    }

    /** From one P's samples (sizes ascending) and the overheads fitted for that P. */
    static SustainedGap fit(List<RttSample> curve, Overhead send, Overhead recv) {
        List<RttSample> bound = new ArrayList<>();
        for (RttSample s : curve) {
            double cpu = Math.max(send.micros(s.processes(), s.bytes()), recv.micros(s.processes(), s.bytes()));
            if (s.gapMicros() > LINK_MARGIN * cpu) {
                bound.add(s);
            }
        }
        List<Long> sizes = bound.stream().map(RttSample::bytes).toList();
        double g = !bound.isEmpty() && bound.get(0) == curve.get(0) ? bound.get(0).gapMicros() : 0;
        if (bound.isEmpty()) {
            return new SustainedGap(g, OptionalDouble.empty(), sizes);
        }
        if (bound.size() == 1) {
            return new SustainedGap(g, OptionalDouble.of(bound.get(0).gapMicros() / bound.get(0).bytes()), sizes);
        }
        double[][] design = bound.stream().map(s -> new double[] {1, s.bytes()}).toArray(double[][]::new);
        double slope = LinearFit.of(design, bound.stream().mapToDouble(RttSample::gapMicros).toArray()).coefficients()[1];
        return new SustainedGap(g, slope > 0 ? OptionalDouble.of(slope) : OptionalDouble.empty(), sizes);
    }
}
