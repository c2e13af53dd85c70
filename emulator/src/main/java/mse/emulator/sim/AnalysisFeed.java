package mse.emulator.sim;

import mse.emulator.kernel.Blocking;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankFact;

/**
 * What a simulated farm tells a run's analysis (mse.emulator.analysis.RunAnalysis: wait states and the critical path):
 * the kernel's reports, sent, blocked, charged and received, in each rank's own order as the kernel makes them, which
 * the timeline's reports (FarmTimeline, told a message's send only when it is received) are not. Message ids are the
 * simulator's, unique while the message is in flight: FarmSimulator's result's is its task, any other message's a
 * negative number from {@link #nextId}; DynamicFarmSimulator's its message sequence.
 */
final class AnalysisFeed {

    private KernelObserver analysis = KernelObserver.NONE;
    private boolean on;
    private long nextId = -1;

    void analysedBy(KernelObserver analysis) {
        this.analysis = analysis;
        this.on = analysis != KernelObserver.NONE;
    }

    boolean isOn() {
        return on;
    }

    /** An id for a message that is not a task's result. */
    long nextId() {
        return nextId--;
    }

    /** The source's send: its overhead o_s from sendStart, then the message leaves its CPU. */
    void sent(int source, int destination, long id, int tag, MessageCosts costs, long sendStart) {
        charge(Charge.send(source, sendStart, sendStart + costs.send(), destination, tag, costs.bytes()));
        analysis.sent(id, source, tag, RankFact.WORLD_CONTEXT, costs.bytes(), sendStart);
    }

    /**
     * The destination, whose clock was `receiverClock`, receives the message from `start` = max(its clock, arrival):
     * blocked until the arrival if that came later, then its overhead o_r.
     */
    void received(int source, int destination, long id, int tag, MessageCosts costs, long sendStart, long departure,
                  long arrival, long receiverClock, long start) {
        if (start > receiverClock) {
            analysis.blocked(new Blocking(destination, receiverClock, start, id, false));
        }
        long end = start + costs.receive();
        charge(Charge.receive(destination, start, end, source, tag, costs.bytes()));
        analysis.messageReceived(new MessageRecord(id, source, destination, tag, costs.bytes(), sendStart, departure, arrival,
                start, end, costs.synchronous()));
    }

    /** A synchronous sender whose clock was `senderClock` resumes when its receiver started receiving, at `start`. */
    void released(int sender, long id, long senderClock, long start) {
        if (start > senderClock) {
            analysis.blocked(new Blocking(sender, senderClock, start, id, true));
        }
    }

    /** The kernel reports no zero-length charge; neither does the feed. */
    void charge(Charge charge) {
        if (charge.durationNanos() > 0) {
            analysis.charged(charge);
        }
    }
}
