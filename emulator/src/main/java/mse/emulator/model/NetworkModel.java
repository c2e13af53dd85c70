package mse.emulator.model;

import mse.cluster.profiles.NetworkModelKind;
import mse.cluster.profiles.NetworkModelName;
import mse.cluster.profiles.NetworkProfile;

/**
 * What a network costs one message among P processes, in kernel nanoseconds: the overheads that keep sender and
 * receiver busy, the wire and each network interface a message passes ({@link NetworkInterface} applies them), when
 * a message waits for its receiver, and the lookahead of the conservative grant rule. The kernel, the simulator and
 * `model rtt` see only this; the profile's network.model names the implementation ({@link #of}): loggps, the
 * default, is {@link LogGpsModel} (seed 001 sections 2.2-2.3), any other a {@link RegisteredNetworkModel}. Pure
 * functions: no state, no clock.
 */
public interface NetworkModel {

    /** The model a target's network profile names (network.model), with its parameters, among `processes` ranks. */
    static NetworkModel of(NetworkProfile profile, int processes) {
        if (profile.model().equals(NetworkModelName.LOGGPS)) {
            return new LogGpsModel(profile, processes);
        }
        NetworkModelKind kind = profile.model().kind().orElseThrow(
                () -> new IllegalArgumentException("no network model registered as " + profile.model().spelling()));
        if (!(kind instanceof RegisteredNetworkModel model)) {
            throw new IllegalStateException(kind.getClass().getName() + " registers network model " + kind.name()
                    + " but is no " + RegisteredNetworkModel.class.getName() + ": the emulator cannot build its costs");
        }
        return model.of(profile, processes);
    }

    /** P, the number of processes the costs are for. */
    int processes();

    /** How long the sender is busy in a send of `bytes`. */
    long sendOverheadNanos(long bytes);

    /** How long the receiver is busy in a receive of `bytes`. */
    long recvOverheadNanos(long bytes);

    /** From leaving the sender to arriving at the receiver when neither interface is busy with another message. */
    long wireNanos(long bytes);

    /** The flight time between the two interfaces. */
    long latencyNanos();

    /** How long the message's bytes take to pass one interface; latencyNanos() + transferNanos(k) = wireNanos(k). */
    long transferNanos(long bytes);

    /** How long the message holds one interface (the sender's outgoing, then the receiver's incoming one). */
    long interfaceNanos(long bytes);

    /** Whether a message of `bytes` waits for its receiver (rendezvous) instead of being buffered. */
    boolean isSynchronous(long bytes);

    /** The least time between a rank's "now" and its next message reaching any interface (the grant rule's lookahead). */
    long lookaheadNanos();

    /** tau = B G: how much sooner an idle link's interface passes a burst ({@link NetworkInterface}); 0 = never. */
    long burstCreditNanos();

    /** A network interface of this network, with its burst credit: the kernel and the simulators make theirs here. */
    default NetworkInterface newInterface() {
        return new NetworkInterface(burstCreditNanos());
    }
}
