package mse.emulator.timeline;

import mse.emulator.kernel.RankFact;

/**
 * An MPI call a rank was in, from enterNanos to leaveNanos of virtual time (RankFact.CallEnter and CallLeave), named as
 * MPI names it; root and comm are a collective's root (its rank in the communicator) and its communicator's id (from its
 * RankFact.Collective), -1 where the call has none or the rank did not say. Only the OTF2 archive shows calls.
 */
record CallRecord(int rank, String call, long enterNanos, long leaveNanos, int root, int comm) {

    static final int NO_ROOT = -1;
    static final int NO_COMM = -1;

    CallRecord {
        if (leaveNanos < enterNanos) {
            throw new IllegalArgumentException("rank " + rank + " left " + call + " before it entered it: " + enterNanos + " > " + leaveNanos);
        }
    }

    /** A call that is no collective, or one whose rank did not describe it. */
    CallRecord(int rank, String call, long enterNanos, long leaveNanos) {
        this(rank, call, enterNanos, leaveNanos, NO_ROOT, NO_COMM);
    }

    /** The call, a collective's root and communicator from `described` (null: none told). */
    static CallRecord of(int rank, String call, long enterNanos, long leaveNanos, RankFact.Collective described) {
        return described == null ? new CallRecord(rank, call, enterNanos, leaveNanos)
                : new CallRecord(rank, call, enterNanos, leaveNanos, described.root(), described.comm());
    }

    /** An upper bound of its line in the event stream, which auto mode's windows count as they count timeline.json's bytes. */
    int bytesAtMost() {
        return 5 + 5 * 20 + call.length() * 3 + 1;
    }
}
