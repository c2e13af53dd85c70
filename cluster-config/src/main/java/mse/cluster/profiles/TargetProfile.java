package mse.cluster.profiles;

/** What one profile file describes: the target network and the target CPU, and where it was read from. */
public record TargetProfile(NetworkProfile network, CpuProfile cpu, String origin) {

    /** The same target with another CPU speed ratio (the CLI's --cpu-ratio overrides the file). */
    public TargetProfile withCpu(CpuProfile otherCpu) {
        return new TargetProfile(network, otherCpu, origin);
    }
}
