package mse.mpi;

import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.NetworkModel;

/**
 * Test-only: the wait states and critical path of examples/c/late-rank.c at np 2 (and of its Java twin on Comm),
 * computed by hand from the profile. Rank 1 is late by D (a task), then both enter a barrier (a zero-byte fan-in to
 * rank 0 and a zero-byte fan-out from it); then rank 1 computes D again and sends 8 bytes, which rank 0 receives from
 * ANY_SOURCE. With o_s, L + kG (wire) and o_r of 0 and 8 bytes:
 * <ul>
 *   <li>rank 0 enters the barrier at 0 (its fan-in receive), rank 1 at D (its fan-in send): rank 0 waits D in it
 *       (collective wait: from its entry to the last rank's), rank 1, the last, nothing; rank 0 ends its receive at
 *       a = D + o_s(0) + wire(0) + o_r(0), sends the fan-out and posts its receive at a + o_s(0);</li>
 *   <li>rank 1 posted the fan-out's receive at D + o_s(0); the fan-out was sent at a: the message's own way, no wait
 *       state;</li>
 *   <li>rank 1 sends the result at a + o_s(0) + wire(0) + o_r(0) + D: rank 0 waited wire(0) + o_r(0) + D for a
 *       sender that had not sent (late sender);</li>
 *   <li>the critical path ends at rank 0: 2D of computation, o_s(0) + o_r(0) twice plus o_s(8) + o_r(8) of overhead,
 *       wire(0) twice plus wire(8) of network, no waiting.</li>
 * </ul>
 */
public record LateRankCase(long lateNanos, NetworkModel network) {

    public static final String PROFILE = "mpich-fast-ethernet";

    public static LateRankCase of(long lateNanos) {
        return new LateRankCase(lateNanos, new LogGpsModel(ProfileLoader.load(PROFILE).network(), 2));
    }

    public long rank0CollectiveWait() {
        return lateNanos;
    }

    public long rank1CollectiveWait() {
        return 0;
    }

    public long rank0LateSender() {
        return network.wireNanos(0) + network.recvOverheadNanos(0) + lateNanos;
    }

    public long pathCompute() {
        return 2 * lateNanos;
    }

    public long pathOverhead() {
        return 2 * (network.sendOverheadNanos(0) + network.recvOverheadNanos(0)) + network.sendOverheadNanos(8)
                + network.recvOverheadNanos(8);
    }

    public long pathNetwork() {
        return 2 * network.wireNanos(0) + network.wireNanos(8);
    }

    public long predicted() {
        return pathCompute() + pathOverhead() + pathNetwork();
    }
}
