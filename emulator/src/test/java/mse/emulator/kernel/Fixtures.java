package mse.emulator.kernel;

import java.util.List;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;

/** Kernels on the seed 001 Table 2 MSE-row network, and small helpers to feed them. */
final class Fixtures {

    static final NetworkProfile MPICH = ProfileLoader.load("mpich-fast-ethernet").network();
    static final int ANY = RankFact.ANY;

    private Fixtures() {
    }

    /**
     * The link-bound target: L = 50 us, G = 0.08 us/byte (100 Mbit/s), gap g, constant overheads
     * o_s and o_r (microseconds), no P or per-byte term, no rendezvous.
     */
    static NetworkProfile linkBound(double gapMicros, double sendMicros, double recvMicros) {
        return new NetworkProfile("link-bound", "test", 50.0, gapMicros, 0.08, 0,
                new NetworkProfile.Overhead(sendMicros, 0, 0), new NetworkProfile.Overhead(recvMicros, 0, 0));
    }

    /** The network with another rendezvous (synchronous send) threshold, in bytes. */
    static NetworkProfile withSyncThreshold(NetworkProfile net, long bytes) {
        return new NetworkProfile(net.name(), net.source(), net.latencyMicros(), net.gapMicros(), net.gapPerByteMicros(),
                bytes, net.sendOverhead(), net.recvOverhead());
    }

    static LogGpsModel model(int processes) {
        return new LogGpsModel(MPICH, processes);
    }

    static VirtualTimeKernel kernel(int processes) {
        return new VirtualTimeKernel(model(processes), new TargetCpu(1.0));
    }

    static VirtualTimeKernel kernel(int processes, KernelObserver observer) {
        return new VirtualTimeKernel(model(processes), new TargetCpu(1.0), observer);
    }

    static List<EmulatorReply> feed(VirtualTimeKernel kernel, RankFact... facts) {
        List<EmulatorReply> replies = new java.util.ArrayList<>();
        for (RankFact fact : facts) {
            replies.addAll(kernel.accept(fact));
        }
        return replies;
    }

    static List<EmulatorReply.Grant> grants(List<EmulatorReply> replies) {
        return replies.stream().filter(EmulatorReply.Grant.class::isInstance).map(EmulatorReply.Grant.class::cast).toList();
    }

    static RankFact.Sent send(int rank, int dst, int tag, int bytes) {
        return new RankFact.Sent(rank, 0, dst, tag, bytes);
    }

    static RankFact.Receive receive(int rank, int source, int tag) {
        return new RankFact.Receive(rank, 0, source, tag, source == ANY || tag == ANY);
    }

    static RankFact.Finished finish(int rank) {
        return new RankFact.Finished(rank, 0);
    }
}
