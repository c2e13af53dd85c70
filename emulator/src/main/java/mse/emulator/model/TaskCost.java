package mse.emulator.model;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a task's computation is charged in virtual time. `real` charges the thread CPU time it took on
 * this host (scaled by the CPU ratio); the deterministic modes charge a cost that does not depend on
 * the host at all, so two runs give bit-identical predictions whatever the machine is doing. In those
 * modes only tasks cost CPU time: the rest of the program's computation is charged nothing, since its
 * measured time would break determinism.
 */
public sealed interface TaskCost {

    /** The virtual nanoseconds one task costs (before the CPU ratio), given what it measured and did. */
    long chargeNanos(long measuredCpuNanos, long workUnits);

    /** Whether CPU time measured outside tasks is charged too. */
    boolean chargesMeasuredCpu();

    /** The option syntax, for command lines that pass the cost model on. */
    String spec();

    /**
     * Whether the measured time is wall time between calls, not CPU time: what a program that sleeps or waits for I/O
     * outside MPI spends there is charged too, and so is any wait for a core, so the prediction depends on the host's
     * load (summary.json says so).
     */
    default boolean wallClock() {
        return false;
    }

    /**
     * `wall`: the program's wall time between its calls, measured as `real` measures CPU time (docs/real-task-cost.md,
     * "Sleeping and I/O").
     */
    record Wall() implements TaskCost {
        public long chargeNanos(long measuredNanos, long workUnits) {
            return measuredNanos;
        }

        public boolean chargesMeasuredCpu() {
            return true;
        }

        @Override
        public boolean wallClock() {
            return true;
        }

        public String spec() {
            return "wall";
        }
    }

    record Real() implements TaskCost {
        public long chargeNanos(long measuredCpuNanos, long workUnits) {
            return measuredCpuNanos;
        }

        public boolean chargesMeasuredCpu() {
            return true;
        }

        public String spec() {
            return "real";
        }
    }

    /** Every task costs the same. */
    record Fixed(long nanos) implements TaskCost {
        public long chargeNanos(long measuredCpuNanos, long workUnits) {
            return nanos;
        }

        public boolean chargesMeasuredCpu() {
            return false;
        }

        public String spec() {
            return "fixed:" + nanos + "ns";
        }
    }

    /** A task costs its work units (for MASE: escape iterations) times a fixed time per unit. */
    record PerIteration(long nanos) implements TaskCost {
        public long chargeNanos(long measuredCpuNanos, long workUnits) {
            return Math.multiplyExact(workUnits, nanos);
        }

        public boolean chargesMeasuredCpu() {
            return false;
        }

        public String spec() {
            return "per-iteration:" + nanos + "ns";
        }
    }

    Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|ms|s)");

    /** Parses real, wall, fixed:DUR or per-iteration:DUR, DUR a number with ns, us, ms or s. */
    static TaskCost parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("real")) {
            return new Real();
        }
        if (t.equals("wall")) {
            return new Wall();
        }
        int colon = t.indexOf(':');
        if (colon > 0) {
            String kind = t.substring(0, colon);
            long nanos = durationNanos(t.substring(colon + 1), text);
            if (kind.equals("fixed")) {
                return new Fixed(nanos);
            }
            if (kind.equals("per-iteration")) {
                return new PerIteration(nanos);
            }
        }
        throw new IllegalArgumentException("expected real, wall, fixed:DUR or per-iteration:DUR (DUR like 10ns, 50us, 2ms, 1s), got '" + text + "'");
    }

    private static long durationNanos(String d, String whole) {
        Matcher m = DURATION.matcher(d.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a duration like 10ns, 50us, 2ms or 1s in '" + whole + "'");
        }
        double value = Double.parseDouble(m.group(1));
        double scale = switch (m.group(2)) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        long nanos = Math.round(value * scale);
        if (nanos <= 0) {
            throw new IllegalArgumentException("duration must be positive in '" + whole + "'");
        }
        return nanos;
    }
}
