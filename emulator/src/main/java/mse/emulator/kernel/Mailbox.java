package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Messages announced to one destination and not yet received, in send order. */
final class Mailbox {

    private final List<AnnouncedMessage> waiting = new ArrayList<>();

    void add(AnnouncedMessage message) {
        waiting.add(message);
    }

    void remove(AnnouncedMessage message) {
        waiting.remove(message);
    }

    /** The message a receive for (source, tag) takes now, by {@link AnnouncedMessage#precedes}. */
    Optional<AnnouncedMessage> match(int source, int tag) {
        AnnouncedMessage best = null;
        for (AnnouncedMessage candidate : waiting) {
            if (candidate.matches(source, tag) && (best == null || candidate.precedes(best))) {
                best = candidate;
            }
        }
        return Optional.ofNullable(best);
    }
}
