package mse.cluster.profiles;

import com.typesafe.config.ConfigUtil;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * Renders a target profile as the HOCON that {@link ProfileLoader} reads (the presets' format), with
 * comment lines on top: a calibration puts its notes, residuals and raw points there, so the file says
 * where its numbers come from.
 */
public final class ProfileWriter {

    /** Nine significant digits: far below measurement noise, short enough to read. */
    private static final MathContext DIGITS = new MathContext(9);

    private ProfileWriter() {
    }

    public static String render(TargetProfile profile, List<String> comments) {
        NetworkProfile n = profile.network();
        StringBuilder text = new StringBuilder();
        for (String comment : comments) {
            for (String line : comment.split("\\R", -1)) {
                text.append(line.isEmpty() ? "#" : "# " + line).append('\n');
            }
        }
        text.append("network {\n");
        text.append("  name = ").append(ConfigUtil.quoteString(n.name())).append('\n');
        text.append("  source = ").append(ConfigUtil.quoteString(n.source())).append('\n');
        text.append("  latency-us = ").append(number(n.latencyMicros())).append("   # L\n");
        text.append("  gap-us = ").append(number(n.gapMicros()))
                .append(n.gapMicros() == 0 ? "   # g (folded into o, seed 001 section 3)\n" : "   # g\n");
        text.append("  gap-per-byte-us = ").append(number(n.gapPerByteMicros())).append("   # G\n");
        text.append("  sync-threshold-bytes = ").append(n.syncThresholdBytes()).append("   # S; 0 = every message is eager\n");
        if (n.burstBytes() > 0) { // absent = 0: a profile without a burst reads as it always did
            text.append("  burst-bytes = ").append(n.burstBytes()).append("   # B: what an idle link passes at once\n");
        }
        text.append("  send-overhead ").append(overhead(n.sendOverhead())).append('\n');
        text.append("  recv-overhead ").append(overhead(n.recvOverhead())).append('\n');
        text.append("  model = ").append(n.model().spelling()).append("   # the cost model these parameters are for\n");
        n.parameters().rendered().forEach((key, value) -> text.append("  ").append(key).append(" = ").append(value).append('\n'));
        text.append("}\n");
        text.append("cpu { speed-ratio = ").append(number(profile.cpu().speedRatio()))
                .append(" }   # target CPU speed / this host's\n");
        if (profile.collectives() != CollectiveAlgorithm.BINOMIAL) {
            text.append("mpi { collectives = ").append(profile.collectives().spelling()).append(" }   # binomial or linear\n");
        }
        return text.toString();
    }

    private static String overhead(NetworkProfile.Overhead o) {
        return "{ base-us = " + number(o.baseMicros()) + ", per-process-us = " + number(o.perProcessMicros())
                + ", per-byte-us = " + number(o.perByteMicros()) + " }";
    }

    /** Plain decimal (no exponent), which HOCON and a reader both take. */
    static String number(double value) {
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(DIGITS).stripTrailingZeros().toPlainString();
    }
}
