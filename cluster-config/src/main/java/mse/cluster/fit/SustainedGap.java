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
 * <li>G is the largest link-bound size's gap per byte. A stream pays a + kG per message on a real link (a: the
 *     framing, about 106 bytes of TCP/IP and MPI headers), which LogGP's max(g, kG) cannot hold, so G takes the
 *     framing of the largest message with it: exact there, a/k above the link's own per-byte cost below it. A line
 *     through all link-bound sizes was tried and dropped: on the loaded 2-core machine the small sizes' trains are the
 *     noisiest (a 64-byte median above the 256-byte one), and TCP packs back-to-back small messages into shared
 *     segments, so their framing varies; the slope came out at 0.072 against 0.08 us/byte. With no link-bound size the
 *     link never limited a stream (the CPU did) and G is left to the round trips.</li>
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
        RttSample largest = bound.get(bound.size() - 1);
        return new SustainedGap(g, OptionalDouble.of(largest.gapMicros() / largest.bytes()), sizes);
    }

    /** Whether trains of this size were link-bound. */
    boolean linkBound(long bytes) {
        return linkBound.contains(bytes);
    }
}
