package mse.emulator.kernel;

import java.util.List;
import java.util.TreeSet;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;

/**
 * One rank's incoming network interface and the announced messages that have not passed it yet, in the order
 * it takes them ({@link NetworkInterface#takesBefore}). The kernel lets the head pass only when {@link GrantRule}
 * says no message can still be announced that the interface would take first.
 */
final class IncomingInterface {

    private final NetworkInterface link;
    private final TreeSet<AnnouncedMessage> waiting = new TreeSet<>(AnnouncedMessage::interfaceOrder);

    IncomingInterface(NetworkInterface link) {
        this.link = link;
    }

    void add(AnnouncedMessage message) {
        waiting.add(message);
    }

    /** The message the interface takes next, or null when none waits. */
    AnnouncedMessage head() {
        return waiting.isEmpty() ? null : waiting.first();
    }

    /** The head passes the interface; returned with its arrival. */
    AnnouncedMessage passHead(NetworkModel network) {
        AnnouncedMessage head = waiting.pollFirst();
        long arrival = link.pass(head.reachNanos(), network.interfaceNanos(head.bytes()), network.transferNanos(head.bytes()));
        return head.arrived(arrival);
    }

    /**
     * The earliest a waiting message matching any of the patterns can arrive, Long.MAX_VALUE when none waits.
     * Arrivals never decrease in the interface's order, so the first matching message bounds them all.
     */
    long earliestArrival(List<MessagePattern> patterns, NetworkModel network) {
        for (AnnouncedMessage message : waiting) {
            if (message.matchesAny(patterns)) {
                return link.arrival(message.reachNanos(), network.transferNanos(message.bytes()));
            }
        }
        return Long.MAX_VALUE;
    }

    long busyNanos() {
        return link.busyNanos();
    }
}
