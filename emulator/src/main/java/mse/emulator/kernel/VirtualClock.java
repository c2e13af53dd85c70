package mse.emulator.kernel;

/** One rank's virtual time in nanoseconds. It only moves forward, and only by the kernel's rules. */
final class VirtualClock {

    private long nanos;

    long now() {
        return nanos;
    }

    void advanceBy(long delta) {
        if (delta < 0) {
            throw new IllegalArgumentException("virtual time never goes back: " + delta);
        }
        nanos = Math.addExact(nanos, delta);
    }

    /** Moves to `time` if that is later; returns how long the rank waited (0 when it is already past). */
    long waitUntil(long time) {
        long waited = Math.max(0, time - nanos);
        nanos += waited;
        return waited;
    }
}
