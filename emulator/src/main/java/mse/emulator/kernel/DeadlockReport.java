package mse.emulator.kernel;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Every live rank is blocked and no message can be granted, or (polling) some poll in a loop for messages that no rank
 * can send any more (PollLoops): who waits for what.
 */
public record DeadlockReport(List<Wait> waits, boolean polling) {

    public DeadlockReport {
        waits = List.copyOf(waits);
    }

    public DeadlockReport(List<Wait> waits) {
        this(waits, false);
    }

    /** One blocked rank, e.g. rank 0 waiting in "receive(source=ANY, tag=2)". */
    public record Wait(int rank, String operation) {
        @Override
        public String toString() {
            return "rank " + rank + " waits in " + operation;
        }
    }

    @Override
    public String toString() {
        return (polling ? "deadlock: every live rank is blocked or polls in a loop, and no message can come: "
                : "deadlock: every live rank is blocked and no message can be granted: ")
                + waits.stream().map(Wait::toString).collect(Collectors.joining("; "));
    }
}
