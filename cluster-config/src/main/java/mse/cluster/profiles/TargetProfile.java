package mse.cluster.profiles;

/**
 * What one profile file describes: the target network, the target CPU, how the target MPI runs its collectives,
 * and where it was read from.
 */
public record TargetProfile(NetworkProfile network, CpuProfile cpu, String origin, CollectiveAlgorithm collectives) {

    /** A target whose MPI runs collectives as binomial trees (the default when a profile names none). */
    public TargetProfile(NetworkProfile network, CpuProfile cpu, String origin) {
        this(network, cpu, origin, CollectiveAlgorithm.BINOMIAL);
    }

    /** The same target with another CPU speed ratio (the CLI's --cpu-ratio overrides the file). */
    public TargetProfile withCpu(CpuProfile otherCpu) {
        return new TargetProfile(network, otherCpu, origin, collectives);
    }
}
