package mse.emulator.sim;

import mse.emulator.model.NetworkInterface;

/**
 * {@link DynamicFarmSimulator}'s messages on their way, in the order incoming interfaces take them
 * ({@link NetworkInterface#takesBefore}: reach, source, sequence): the loop's one ordered structure.
 *
 * <p>A source's messages reach in the order it sent them: they leave its outgoing interface in send order and all
 * take the same L. So each source keeps its messages in a FIFO of its own (linked through the messages), and only
 * the sources' oldest messages are ordered, by a {@link ResultQueue} of ranks keyed by (that message's reach, rank),
 * in which the rank is a complete key. A master's replies, which queue behind one another, then cost no heap
 * operation when sent and one sift when taken, and the heap holds ranks in arrays, not messages.
 */
final class ReachQueue {

    /** By source rank: its oldest and newest message on their way (null: none), linked by Message.next. */
    private final DynamicFarmSimulator.Message[] oldest;
    private final DynamicFarmSimulator.Message[] newest;
    /** By source rank: its oldest message's reach, the heap's key. */
    private final long[] reach;
    private final ResultQueue sources;

    ReachQueue(int ranks) {
        this.oldest = new DynamicFarmSimulator.Message[ranks];
        this.newest = new DynamicFarmSimulator.Message[ranks];
        this.reach = new long[ranks];
        this.sources = new ResultQueue(ranks, reach);
    }

    boolean isEmpty() {
        return sources.isEmpty();
    }

    void add(DynamicFarmSimulator.Message m) {
        int source = m.source;
        DynamicFarmSimulator.Message before = newest[source];
        newest[source] = m;
        if (before == null) {
            oldest[source] = m;
            reach[source] = m.reachNanos;
            sources.offer(source);
        } else if (m.reachNanos < before.reachNanos) {
            // the FIFO's premise: a network model whose latency varied by message would break it
            throw new IllegalStateException("rank " + source + "'s message " + m.sequence + " reaches before its earlier "
                    + before.sequence + " (" + m.reachNanos + " < " + before.reachNanos + " ns)");
        } else {
            before.next = m;
        }
    }

    /** The first message in interface order, removed. */
    DynamicFarmSimulator.Message poll() {
        int source = sources.peek();
        DynamicFarmSimulator.Message first = oldest[source];
        DynamicFarmSimulator.Message next = first.next;
        first.next = null;
        oldest[source] = next;
        if (next != null) {
            reach[source] = next.reachNanos;
            sources.requeueHead();
        } else {
            newest[source] = null;
            sources.poll();
        }
        return first;
    }
}
