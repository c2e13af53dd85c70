package mse.emulator.analytic;

/**
 * t_loop of seed 004 (004_30a04542370bf796.txt) eq. 1 as a sum over a run's operations: each flop costs
 * alpha, each send t_send = l + tau beta pi (tau bytes), and each broadcast one t_send per round of the
 * binomial tree:
 * <pre>t = alpha F + l (S + R B) + beta pi (tau_S + R tau_B)</pre>
 * with F flops, S sends of tau_S bytes in all, B broadcasts of tau_B bytes in all, R broadcast rounds.
 * It is linear in (l, beta, alpha), which is what lets {@link LoopModelFit} estimate them by least squares.
 * Times in seconds, beta per byte.
 */
public record LoopModel(double latencySeconds, double betaSecondsPerByte, double alphaSecondsPerFlop, Topology topology) {

    /** The coefficients of (l, beta, alpha) for one run. */
    static double[] terms(LoopRun run, Topology topology) {
        int rounds = Topology.broadcastRounds(run.slaves());
        double pi = topology.hops(run.slaves());
        return new double[] {
            run.sends() + rounds * run.broadcasts(),
            pi * (run.sendBytes() + rounds * run.broadcastBytes()),
            run.flops()
        };
    }

    public double predictSeconds(LoopRun run) {
        double[] t = terms(run, topology);
        return latencySeconds * t[0] + betaSecondsPerByte * t[1] + alphaSecondsPerFlop * t[2];
    }

    /** BW as seed 004 Table 1 prints it: beta = 8 / BW with 8-byte elements, so BW = 1 / beta per byte. */
    public double bandwidthBytesPerSecond() {
        return 1 / betaSecondsPerByte;
    }
}
