package mse.emulator.kernel;

import mse.emulator.model.NetworkModel;
import mse.emulator.model.RankCpus;

/**
 * What the kernel charges a rank's clock for its own work: computation scaled to the rank's target CPU, the
 * send overhead o_s(P, k) and the receive overhead o_r(P, k) (seed 001 (001_cb00b78257109af6.txt) sections
 * 2.2-2.3), each added to the rank's accounting and told to the observer.
 */
final class RankCharges {

    private final NetworkModel network;
    private final RankCpus cpus;
    private final KernelObserver observer;

    RankCharges(NetworkModel network, RankCpus cpus, KernelObserver observer) {
        this.network = network;
        this.cpus = cpus;
        this.observer = observer;
    }

    /**
     * Computation first: host CPU scaled to the target CPU, with the ratio of the rank's host (docs/architecture.md,
     * "Computation").
     */
    void compute(RankState rank, long cpuNanos) {
        compute(rank, cpuNanos, Charge.NONE);
    }

    void compute(RankState rank, long cpuNanos, int task) {
        if (rank.receivedResult != Charge.NONE) {
            observer.resultHandled(rank.rank, rank.receivedResult, cpuNanos);
        }
        long charge = cpus.chargeNanos(rank.rank, rank.takeCpu(cpuNanos));
        long start = rank.clock.now();
        rank.clock.advanceBy(charge);
        rank.computeNanos += charge;
        if (charge > 0) {
            observer.charged(Charge.compute(rank.rank, start, rank.clock.now(), task));
        }
    }

    /** Send at t: the sender is busy o_s(P, k). */
    void sendOverhead(RankState sender, int destination, int tag, int bytes) {
        long start = sender.clock.now();
        long overhead = network.sendOverheadNanos(bytes);
        sender.clock.advanceBy(overhead);
        sender.sendNanos += overhead;
        if (overhead > 0) {
            observer.charged(Charge.send(sender.rank, start, sender.clock.now(), destination, tag, bytes));
        }
    }

    /** The receive of m, started at the receiver's clock: o_r(P, k). */
    void receiveOverhead(RankState receiver, AnnouncedMessage message) {
        long start = receiver.clock.now();
        long overhead = network.recvOverheadNanos(message.bytes());
        receiver.clock.advanceBy(overhead);
        receiver.receiveNanos += overhead;
        if (overhead > 0) {
            observer.charged(Charge.receive(receiver.rank, start, receiver.clock.now(), message.source(), message.tag(),
                    message.bytes()));
        }
    }

    /**
     * A poll answered "nothing by now" is charged the receive overhead of an empty message, o_r(P, 0), at least
     * 1 ns: looking at the network is the fixed part of a receive, and the charge keeps a polling loop moving in
     * virtual time even where computation is not charged (deterministic task costs).
     */
    void emptyPoll(RankState poller) {
        long asOf = poller.clock.now();
        long overhead = Math.max(1, network.recvOverheadNanos(0));
        poller.clock.advanceBy(overhead);
        poller.receiveNanos += overhead;
        observer.charged(Charge.receive(poller.rank, asOf, poller.clock.now(), Charge.NONE, Charge.NONE, 0));
    }
}
