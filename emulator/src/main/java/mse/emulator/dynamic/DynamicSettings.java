package mse.emulator.dynamic;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a DY master splits and merges (seed 001, section 3.2). The default split wait is set for the
 * mpich-fast-ethernet profile (Table 2): a slave of an idle master waits 2L + G k + o_r(k) + 2o, about
 * 150 us with small results and 250 to 330 us with 1 KiB results, while with 15 slaves and tiny tasks
 * SI's master makes every slave wait about 470 us (MASE, P = 16, seed 001 section 3.1). 400 us lies
 * between: master-bound runs split, compute-bound ones do not. Merging early is opt-in (0 = only when
 * the secondary's tasks are done), since a freshly split small group always waits little.
 *
 * @param splitWaitNanos a master splits when its slaves' median wait over a full window exceeds this
 * @param mergeWaitNanos a secondary merges back early when that median falls below this (0: never early)
 * @param maxDepth       deepest secondary master (rank 0 is depth 0)
 * @param splitWindow    samples in the window; 0 = np - 1, one per slave of SI's master
 */
public record DynamicSettings(long splitWaitNanos, long mergeWaitNanos, int maxDepth, int splitWindow) {

    public static final String DEFAULT_SPLIT_WAIT = "400us";
    public static final String DEFAULT_MERGE_WAIT = "0";
    public static final int DEFAULT_MAX_DEPTH = 2;

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s)?");

    public DynamicSettings {
        if (splitWaitNanos <= 0) {
            throw new IllegalArgumentException("split wait must be positive, got " + splitWaitNanos + " ns");
        }
        if (mergeWaitNanos < 0) {
            throw new IllegalArgumentException("merge wait must be at least 0, got " + mergeWaitNanos + " ns");
        }
        if (maxDepth < 0) {
            throw new IllegalArgumentException("max depth must be at least 0, got " + maxDepth);
        }
        if (splitWindow < 0) {
            throw new IllegalArgumentException("split window must be at least 0 (0 = np - 1), got " + splitWindow);
        }
    }

    /**
     * Settings as a user writes them (durations like 400us). There the merge wait must stay below the split
     * wait: otherwise a group could at once be too busy to keep and too idle to split off, and masters would
     * split and merge in turn. (Tests build such settings with the constructor to force merging.)
     */
    public static DynamicSettings parse(String splitWait, String mergeWait, int maxDepth, int splitWindow) {
        long split = nanos("split wait", splitWait);
        long merge = nanos("merge wait", mergeWait);
        if (merge >= split) {
            throw new IllegalArgumentException("merge wait must be less than split wait, got " + mergeWait + " against " + splitWait);
        }
        return new DynamicSettings(split, merge, maxDepth, splitWindow);
    }

    public static DynamicSettings defaults() {
        return parse(DEFAULT_SPLIT_WAIT, DEFAULT_MERGE_WAIT, DEFAULT_MAX_DEPTH, 0);
    }

    public int window(int np) {
        return splitWindow > 0 ? splitWindow : Math.max(1, np - 1);
    }

    /** nanos as {@link #nanos} reads it back, in the largest unit that keeps it whole: 400000 -> "400us", 0 -> "0". */
    public static String duration(long nanos) {
        if (nanos == 0) {
            return "0";
        }
        for (String unit : new String[] {"s", "ms", "us"}) {
            long scale = switch (unit) {
                case "s" -> 1_000_000_000L;
                case "ms" -> 1_000_000L;
                default -> 1_000L;
            };
            if (nanos % scale == 0) {
                return nanos / scale + unit;
            }
        }
        return nanos + "ns";
    }

    /** A duration like 200us, 1.5ms, 2s or 0 (no unit: nanoseconds), in nanoseconds; what names it in a message. */
    public static long nanos(String what, String text) {
        Matcher m = DURATION.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(what + ": expected a duration like 200us, 1ms or 0, got '" + text + "'");
        }
        double scale = switch (m.group(2) == null ? "ns" : m.group(2)) {
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            default -> 1;
        };
        return Math.round(Double.parseDouble(m.group(1)) * scale);
    }
}
