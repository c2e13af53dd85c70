package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Messages that have passed one rank's incoming interface and that no receive has taken yet, in the order
 * they passed it: arrival order, and within one channel send order (see mse.emulator.model.NetworkInterface).
 */
final class Mailbox {

    private final List<AnnouncedMessage> arrived = new ArrayList<>();

    void add(AnnouncedMessage message) {
        arrived.add(message);
    }

    boolean isEmpty() {
        return arrived.isEmpty();
    }

    void remove(AnnouncedMessage message) {
        arrived.remove(message);
    }

    /**
     * The message a receive for any of the patterns takes now: the first matching one to arrive. A message
     * still waiting for the interface would arrive after it, so the choice is final.
     */
    Optional<AnnouncedMessage> match(List<MessagePattern> patterns) {
        for (AnnouncedMessage candidate : arrived) {
            if (candidate.matchesAny(patterns)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
