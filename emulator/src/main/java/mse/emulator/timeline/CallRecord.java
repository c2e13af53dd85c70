package mse.emulator.timeline;

import java.util.List;
import mse.emulator.kernel.RankFact;

/**
 * An MPI call a rank was in, from enterNanos to leaveNanos of virtual time (RankFact.CallEnter and CallLeave), named as
 * MPI names it; root and comm are a collective's root (its rank in the communicator) and its communicator's id (from its
 * RankFact.Collective), -1 where the call has none or the rank did not say; started and completed the requests the call
 * started and completed (RankFact.RequestStarted and RequestCompleted), in the order the rank told them. Only the OTF2
 * archive shows calls.
 */
record CallRecord(int rank, String call, long enterNanos, long leaveNanos, int root, int comm, List<RankFact.RequestStarted> started,
                  List<RankFact.RequestCompleted> completed) {

    static final int NO_ROOT = -1;
    static final int NO_COMM = -1;

    CallRecord {
        if (leaveNanos < enterNanos) {
            throw new IllegalArgumentException("rank " + rank + " left " + call + " before it entered it: " + enterNanos + " > " + leaveNanos);
        }
        started = List.copyOf(started);
        completed = List.copyOf(completed);
    }

    /** A call that started and completed no request. */
    CallRecord(int rank, String call, long enterNanos, long leaveNanos, int root, int comm) {
        this(rank, call, enterNanos, leaveNanos, root, comm, List.of(), List.of());
    }

    /** A call that is no collective, or one whose rank did not describe it, and that started and completed no request. */
    CallRecord(int rank, String call, long enterNanos, long leaveNanos) {
        this(rank, call, enterNanos, leaveNanos, NO_ROOT, NO_COMM);
    }

    /** The call, a collective's root and communicator from `described` (null: none told), and its requests. */
    static CallRecord of(int rank, String call, long enterNanos, long leaveNanos, RankFact.Collective described,
                         List<RankFact.RequestStarted> started, List<RankFact.RequestCompleted> completed) {
        return described == null ? new CallRecord(rank, call, enterNanos, leaveNanos, NO_ROOT, NO_COMM, started, completed)
                : new CallRecord(rank, call, enterNanos, leaveNanos, described.root(), described.comm(), started, completed);
    }

    /**
     * An upper bound of its lines in the event stream (the call's, and a request line per request it started or
     * completed), which auto mode's windows count as they count timeline.json's bytes.
     */
    int bytesAtMost() {
        return 5 + 5 * 20 + call.length() * 3 + 1 + started.size() * (8 + 5 * 12) + completed.size() * (9 + 6 * 12);
    }
}
