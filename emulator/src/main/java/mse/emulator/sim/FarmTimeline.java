package mse.emulator.sim;

import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;

/**
 * What a simulated farm tells its observer (FarmSimulator.observedBy): every charge and delivered message as
 * the kernel would tell it, so a simulated run has the same timeline as an emulated one. Message sequence
 * numbers go on across runs, as the observer sees them.
 */
final class FarmTimeline {

    private KernelObserver observer = KernelObserver.NONE;
    private boolean observed;
    private long nextSequence;

    void observedBy(KernelObserver observer) {
        this.observer = observer;
        this.observed = observer != KernelObserver.NONE;
    }

    /** False while nobody observes: the callers then skip building charges at all. */
    boolean isObserved() {
        return observed;
    }

    /**
     * A delivered message as the kernel reports it: the sender's send overhead, the receiver's receive overhead
     * and the message itself (costs selected for its length).
     */
    void observe(int source, int destination, int tag, MessageCosts costs, long sendStart, long departure,
                 long arrival, long receiveStart) {
        if (!observed) {
            return;
        }
        long receiveEnd = receiveStart + costs.receive();
        charged(Charge.send(source, sendStart, sendStart + costs.send(), destination, tag, costs.bytes()));
        charged(Charge.receive(destination, receiveStart, receiveEnd, source, tag, costs.bytes()));
        observer.messageReceived(new MessageRecord(nextSequence++, source, destination, tag, costs.bytes(), sendStart,
                departure, arrival, receiveStart, receiveEnd, costs.synchronous()));
    }

    /** The kernel reports no zero-length charge; neither does the simulator. */
    void charged(Charge charge) {
        if (charge.durationNanos() > 0) {
            observer.charged(charge);
        }
    }
}
