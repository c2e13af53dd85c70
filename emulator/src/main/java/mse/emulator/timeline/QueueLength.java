package mse.emulator.timeline;

import java.util.PriorityQueue;

/**
 * One master's queue length as a step function of virtual time, for the timeline's counter track: +1 when
 * a message arrives that the master does not start receiving at once, -1 when it starts receiving it. The
 * kernel reports messages in the order it settles them, which for a master's ANY_SOURCE receives is arrival
 * order (as {@link mse.emulator.kernel.MasterQueueStatistics} relies on too), so a step is final once a later
 * arrival passed it; memory stays bounded by the queue length.
 */
final class QueueLength {

    /** Where the steps go, in time order. */
    interface Steps {
        void step(long nanos, int length);
    }

    private final PriorityQueue<Long> receiveStarts = new PriorityQueue<>();
    private final Steps steps;

    QueueLength(Steps steps) {
        this.steps = steps;
    }

    /** A message to the master arrived at `arrival` and waited until `receiveStart`. */
    void arrived(long arrival, long receiveStart) {
        drainUntil(arrival);
        if (receiveStart > arrival) { // a message the master took at once never queued
            receiveStarts.add(receiveStart);
            steps.step(arrival, receiveStarts.size());
        }
    }

    /** The run is over: every message still counted leaves the queue. */
    void finish() {
        drainUntil(Long.MAX_VALUE);
    }

    private void drainUntil(long nanos) {
        while (!receiveStarts.isEmpty() && receiveStarts.peek() <= nanos) {
            long start = receiveStarts.poll();
            steps.step(start, receiveStarts.size());
        }
    }
}
