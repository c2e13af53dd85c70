package mse.cluster.fit;

import java.util.ArrayList;
import java.util.List;
import mse.cluster.profiles.NetworkProfile;

/**
 * Which measurement gave each parameter of a fitted profile, one line each, for the profile's comments: round
 * trips (seed 001 (001_cb00b78257109af6.txt) Fig. 1), timed send and receive calls, or trains of back-to-back
 * messages ({@link SustainedGap}).
 */
final class ParameterSources {

    private ParameterSources() {
    }

    static List<String> of(NetworkProfile n, SustainedGap stream, double roundTripPerByte, boolean breakSeen, boolean severalP) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format("L   = %.4g us: round trips (RTT/2's constant less the timed calls' bases)", n.latencyMicros()));
        if (stream.perByteMicros().isPresent()) {
            lines.add(String.format("G   = %.6g us/byte: trains, the sustained gap per byte of the largest of the link-bound "
                    + "sizes %s%s (the round trips alone gave %.6g: isolated messages pass between bursts)", n.gapPerByteMicros(),
                    stream.linkRate(), stream.protocolSwitch().isPresent() ? " below the rendezvous switch (link-bound: "
                            + stream.linkBound() + ")" : "", roundTripPerByte));
        } else if (!stream.linkBound().isEmpty()) {
            lines.add(String.format("G   = %.6g us/byte: round trips (RTT/2's per-byte term less O_s and O_r); the trains of %s "
                    + "bytes were limited per message (g), their gap not growing with size", n.gapPerByteMicros(), stream.linkBound()));
        } else {
            lines.add(String.format("G   = %.6g us/byte: round trips (RTT/2's per-byte term less O_s and O_r); no train was "
                    + "link-bound, the overheads limited every stream", n.gapPerByteMicros()));
        }
        if (n.gapMicros() > 0) {
            lines.add(String.format("g   = %.4g us: trains, the sustained gap of the smallest size, above both overheads",
                    n.gapMicros()));
        } else {
            lines.add("g   = 0: folded into o (seed 001 section 3): the smallest size's trains were as fast as the overheads allow");
        }
        if (stream.protocolSwitch().isPresent()) {
            lines.add("S   = " + n.syncThresholdBytes() + " bytes: trains and arrived receives (the first size whose stream "
                    + "paid a rendezvous handshake per message)");
        } else {
            lines.add("S   = " + n.syncThresholdBytes() + " bytes: round trips (" + (breakSeen ? "the break in RTT over size)"
                    : "no break in RTT over size that the link's rate does not explain)"));
        }
        lines.add("o_s = o'a + o'b P + O k: rank 0's timed send calls" + (severalP ? ", lines over size and P" : ", one P"));
        lines.add("o_r = o'a + o'b P + O k: rank 0's timed receives of arrived replies; the round trips' P term that the send "
                + "call does not show");
        return lines;
    }
}
