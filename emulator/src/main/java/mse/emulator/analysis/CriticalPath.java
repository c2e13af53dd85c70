package mse.emulator.analysis;

import java.util.Arrays;

/**
 * The critical path of a run: the chain of computations, overheads and messages that ends at the latest clock
 * (endRank's), as nanoseconds per {@link PathPart}; the parts add up to the predicted time. Where a rank blocked
 * until a message arrived, the chain goes back through that message to its sender; where a synchronous sender
 * waited for its receiver, through the receiver.
 */
public record CriticalPath(int endRank, int masters, long[] partNanos) {

    public CriticalPath {
        if (partNanos.length != PathPart.COUNT) {
            throw new IllegalArgumentException(partNanos.length + " parts, expected " + PathPart.COUNT);
        }
        partNanos = partNanos.clone();
    }

    public long nanos(PathPart part) {
        return partNanos[part.ordinal()];
    }

    public long totalNanos() {
        return Arrays.stream(partNanos).sum();
    }

    public long computeNanos() {
        return sum(true, false);
    }

    public long overheadNanos() {
        return sum(false, true);
    }

    public long networkNanos() {
        return nanos(PathPart.NETWORK);
    }

    public long waitNanos() {
        return nanos(PathPart.WAIT);
    }

    /** The part with the most time (the first of equals), or null for an empty path. */
    public PathPart bound() {
        PathPart bound = null;
        for (PathPart part : PathPart.values()) {
            if (nanos(part) > 0 && (bound == null || nanos(part) > nanos(bound))) {
                bound = part;
            }
        }
        return bound;
    }

    /** "the master's receive overhead: 71% of the critical path", the report's one sentence; empty for an empty path. */
    public String boundSentence() {
        PathPart bound = bound();
        if (bound == null) {
            return "";
        }
        long percent = Math.round(100.0 * nanos(bound) / totalNanos());
        return bound.description(masters) + ": " + percent + "% of the critical path";
    }

    private long sum(boolean compute, boolean overhead) {
        long sum = 0;
        for (PathPart part : PathPart.values()) {
            if (compute && part.isCompute() || overhead && part.isOverhead()) {
                sum += nanos(part);
            }
        }
        return sum;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CriticalPath that && endRank == that.endRank && masters == that.masters
                && Arrays.equals(partNanos, that.partNanos);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * endRank + masters) + Arrays.hashCode(partNanos);
    }

    @Override
    public String toString() {
        return "CriticalPath[endRank=" + endRank + ", parts=" + Arrays.toString(partNanos) + "]";
    }
}
