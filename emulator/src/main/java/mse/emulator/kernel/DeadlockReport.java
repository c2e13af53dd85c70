package mse.emulator.kernel;

import java.util.List;
import java.util.stream.Collectors;

/** Every live rank is blocked and no message can be granted: who waits for what. */
public record DeadlockReport(List<Wait> waits) {

    public DeadlockReport {
        waits = List.copyOf(waits);
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
        return "deadlock: every live rank is blocked and no message can be granted: "
                + waits.stream().map(Wait::toString).collect(Collectors.joining("; "));
    }
}
