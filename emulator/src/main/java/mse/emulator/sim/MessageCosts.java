package mse.emulator.sim;

import mse.emulator.model.NetworkModel;

/**
 * {@link NetworkModel}'s costs for one kind of message, remembered for the last length asked: a farm's
 * task messages (and its results) almost all have one length, so the hot loop does no floating point.
 * The values are the model's own, never re-derived here.
 */
final class MessageCosts {

    private final NetworkModel network;
    private final long latency;
    private int bytes = -1;
    private long send;
    private long receive;
    private long transfer;
    private long occupancy;
    private boolean synchronous;

    MessageCosts(NetworkModel network) {
        this.network = network;
        this.latency = network.latencyNanos();
    }

    /** Selects the message length the following calls are about. */
    MessageCosts of(int length) {
        if (length != bytes) {
            bytes = length;
            send = network.sendOverheadNanos(length);
            receive = network.recvOverheadNanos(length);
            transfer = network.transferNanos(length);
            occupancy = network.interfaceNanos(length);
            synchronous = network.isSynchronous(length);
        }
        return this;
    }

    int bytes() {
        return bytes;
    }

    long send() {
        return send;
    }

    long receive() {
        return receive;
    }

    /** L. */
    long latency() {
        return latency;
    }

    /** kG, the time the bytes take to pass an interface. */
    long transfer() {
        return transfer;
    }

    /** max(g, kG), the time the message holds an interface. */
    long occupancy() {
        return occupancy;
    }

    boolean synchronous() {
        return synchronous;
    }
}
