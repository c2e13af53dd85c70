package mse.emulator.kernel;

/**
 * What a rank said of its time between calls (real mode, the interposition library): the wall time it spent there
 * and how much of it off the CPU, blocked by itself (sleeping, waiting for I/O), which CPU time does not charge.
 */
public record OffCpuTime(long offCpuNanos, long outsideNanos) {

    /** The share of the time between calls spent off the CPU (0 when there was none). */
    public double share() {
        return outsideNanos <= 0 ? 0 : (double) offCpuNanos / outsideNanos;
    }
}
