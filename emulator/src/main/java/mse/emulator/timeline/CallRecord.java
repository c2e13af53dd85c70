package mse.emulator.timeline;

/**
 * An MPI call a rank was in, from enterNanos to leaveNanos of virtual time (RankFact.CallEnter and CallLeave), named as
 * MPI names it; root is a collective's root (from its RankFact.Collective), -1 where the call has none or the rank did
 * not say. Only the OTF2 archive shows calls.
 */
record CallRecord(int rank, String call, long enterNanos, long leaveNanos, int root) {

    static final int NO_ROOT = -1;

    CallRecord {
        if (leaveNanos < enterNanos) {
            throw new IllegalArgumentException("rank " + rank + " left " + call + " before it entered it: " + enterNanos + " > " + leaveNanos);
        }
    }

    /** An upper bound of its line in the event stream, which auto mode's windows count as they count timeline.json's bytes. */
    int bytesAtMost() {
        return 5 + 4 * 20 + call.length() * 3 + 1;
    }
}
