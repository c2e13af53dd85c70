package mse.emulator.model;

import mse.cluster.profiles.CpuProfile;

/**
 * Charges host thread CPU time as target time: c / speedRatio (docs/architecture.md "Virtual time rules"). Thread CPU
 * time, never wall time, so the prediction does not depend on how loaded the host is.
 */
public record TargetCpu(double speedRatio) {

    public TargetCpu {
        if (!(speedRatio > 0) || Double.isInfinite(speedRatio)) {
            throw new IllegalArgumentException("speed ratio must be a finite number > 0, got " + speedRatio);
        }
    }

    public static TargetCpu of(CpuProfile profile) {
        return new TargetCpu(profile.speedRatio());
    }

    /** Target nanoseconds for `hostCpuNanos` of host thread CPU time; a target twice as fast halves it. */
    public long chargeNanos(long hostCpuNanos) {
        return speedRatio == 1.0 ? hostCpuNanos : Math.round(hostCpuNanos / speedRatio);
    }
}
