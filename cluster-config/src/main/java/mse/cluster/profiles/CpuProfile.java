package mse.cluster.profiles;

/**
 * The target CPU relative to the host that runs the emulation. A computation that took c ns of thread CPU
 * time here takes c / speedRatio ns on the target (a target twice as fast: speedRatio = 2).
 */
public record CpuProfile(double speedRatio) {

    public static final CpuProfile SAME_AS_HOST = new CpuProfile(1.0);

    public CpuProfile {
        if (!(speedRatio > 0) || Double.isInfinite(speedRatio)) {
            throw new IllegalArgumentException("speed ratio must be a finite number > 0, got " + speedRatio);
        }
    }
}
