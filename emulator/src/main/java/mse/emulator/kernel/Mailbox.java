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

    void remove(AnnouncedMessage message) {
        arrived.remove(message);
    }

    /**
     * The message a receive for (source, tag) takes now: the first matching one to arrive. A message still
     * waiting for the interface would arrive after it, so the choice is final.
     */
    Optional<AnnouncedMessage> match(int source, int tag) {
        for (AnnouncedMessage candidate : arrived) {
            if (candidate.matches(source, tag)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
