package mse.cluster.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import mse.cluster.profiles.NetworkProfile.Overhead;

/**
 * LogGP's G and g from trains of back-to-back messages (Kielmann et al., "Fast measurement of LogP parameters for
 * message passing platforms", 2000: g and G are the gaps of saturated streams, not of isolated round trips). In a
 * stream of k-byte messages each costs max(o_s, o_r, g, kG): the sender's and the receiver's CPU, or the link. A size
 * whose sustained gap exceeds both overheads by more than {@link #LINK_MARGIN} is link-bound: its gap is the link's.
 *
 * <ul>
 * <li>G is the gap per byte of the largest link-bound size below the protocol switch (see below). A stream pays a + kG
 *     per message on a real link (a: the framing, about 106 bytes of TCP/IP and MPI headers), which LogGP's max(g, kG)
 *     cannot hold, so G takes the framing of that message with it: exact there, a/k above the link's own per-byte cost
 *     below it. A line through all link-bound sizes was tried and dropped: on the loaded 2-core machine the small sizes'
 *     trains are the noisiest (a 64-byte median above the 256-byte one), and TCP packs back-to-back small messages into
 *     shared segments, so their framing varies; the slope came out well below the link's own. With no link-bound
 *     size the link never limited a stream (the CPU did) and G is left to the round trips. So it is where the gap did not
 *     grow with size (the largest link-bound size's gap within the margin of the smallest size's): the stream was
 *     limited per message, by g, and its gap says nothing of a per-byte cost: over loopback 1-byte and 1 KiB trains
 *     run at the same gap a message, and reading 1 KiB's gap as bytes put the fitted 1 KiB round trip far above the
 *     measured one.</li>
 * <li>g is the gap of the smallest size when that size is link-bound (the least interval between two messages at an
 *     interface); otherwise the overheads limit small messages and g is folded into o, as seed 001 section 3 does.</li>
 * <li>The protocol switch (eager, then rendezvous): on a link a + kG per message makes the gap per byte fall as k
 *     grows, so a link-bound size whose gap per byte rose by more than {@link #PROTOCOL_STEP} over the link-bound size
 *     below it pays something per message that the smaller ones do not. It is the rendezvous handshake when that size's
 *     receive of an "arrived" reply also took at least {@link #WAITED_SHARE} of the message's transfer at the rate
 *     below: a rendezvous reply does not come until its receive is posted. On a shaped link, trains of the first size
 *     past Open MPI's eager limit ran markedly slower per byte than the sizes below it (and as fast once the limit was
 *     raised), and their arrived receives took the whole transfer, so G from that size would be far too high (the
 *     figures: docs/measurements/calibration.md). Sizes from the switch on are left out of G and B and give S.</li>
 * </ul>
 *
 * @param gapMicros     g, 0 when folded into o
 * @param perByteMicros G, empty when no train was link-bound or none by its bytes
 * @param linkBound     the link-bound sizes, smallest first
 * @param linkRate      the link-bound sizes below the protocol switch, smallest first: their trains ran at the link's rate
 *                      (none when the gaps did not grow with size)
 * @param protocolSwitch the smallest size whose trains and arrived receives showed a rendezvous handshake, if any
 */
public record SustainedGap(double gapMicros, OptionalDouble perByteMicros, List<Long> linkBound, List<Long> linkRate,
                           OptionalLong protocolSwitch) {

    /** A gap this much above both overheads is the link's, not the CPU's (overheads are medians of single calls). */
    static final double LINK_MARGIN = 1.2;
    /** A gap per byte this much above the next smaller link-bound size's is a per-message cost the link does not explain. */
    static final double PROTOCOL_STEP = 1.2;
    /** An arrived receive this share of the message's transfer waited for the transfer itself: the reply had not come. */
    static final double WAITED_SHARE = 0.5;

    public SustainedGap {
        linkBound = List.copyOf(linkBound);
        linkRate = List.copyOf(linkRate);
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
            return new SustainedGap(g, OptionalDouble.empty(), sizes, sizes, OptionalLong.empty());
        }
        int eager = eagerCount(bound);
        RttSample largest = bound.get(eager - 1);
        OptionalLong rendezvous = eager < bound.size() ? OptionalLong.of(bound.get(eager).bytes()) : OptionalLong.empty();
        if (largest.gapMicros() <= LINK_MARGIN * curve.get(0).gapMicros()) {
            return new SustainedGap(g, OptionalDouble.empty(), sizes, List.of(), rendezvous);
        }
        return new SustainedGap(g, OptionalDouble.of(perByte(largest)), sizes, sizes.subList(0, eager), rendezvous);
    }

    /** How many of the link-bound sizes (ascending) come before the first that shows a rendezvous handshake. */
    private static int eagerCount(List<RttSample> bound) {
        for (int i = 1; i < bound.size(); i++) {
            RttSample below = bound.get(i - 1);
            RttSample s = bound.get(i);
            boolean stepped = perByte(s) > PROTOCOL_STEP * perByte(below);
            boolean waited = s.recvMicros() >= WAITED_SHARE * s.bytes() * perByte(below);
            if (stepped && waited) {
                return i;
            }
        }
        return bound.size();
    }

    private static double perByte(RttSample s) {
        return s.gapMicros() / s.bytes();
    }

    /** Whether trains of this size were link-bound. */
    boolean linkBound(long bytes) {
        return linkBound.contains(bytes);
    }
}
