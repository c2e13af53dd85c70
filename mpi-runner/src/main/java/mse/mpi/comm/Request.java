package mse.mpi.comm;

import java.util.List;

/**
 * A non-blocking operation in progress, as MPI_Request: {@link Comm#isend} or {@link Comm#irecv} start one,
 * {@link #test}, {@link #waitFor} and {@link #waitAny} complete it. A completed request stays complete (its
 * message can be asked again); remove it from the list you pass to waitAny once you have handled it.
 *
 * <p>Virtual time (EmulatedComm, docs/architecture.md "Virtual time rules"): pending receives of a rank match messages in
 * virtual arrival order, each message going to the earliest-posted receive it matches (MPI's matching order);
 * {@link #test} answers as of the rank's virtual now, waiting only until no earlier arrival is possible, and a
 * loop of tests charges its CPU time like any computation; {@link #waitFor} charges the wait for the message's
 * arrival and the receive overhead; {@link #waitAny} completes the request whose message arrives first.
 */
public abstract sealed class Request permits MpiRequest, PostedRequest {

    Request() {
    }

    /** MPI_Test: true when the operation is complete (a receive's message then is {@link #waitFor}'s). */
    public abstract boolean test();

    /** MPI_Wait: blocks until complete; the received message for a receive, null for a send. */
    public abstract Message waitFor();

    /**
     * MPI_Waitany: blocks until one of the requests (all from one Comm) is complete and returns its index, the
     * lowest index when several already are.
     */
    public static int waitAny(List<? extends Request> requests) {
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("waitAny needs at least one request");
        }
        return requests.get(0).waitAnyAmong(requests);
    }

    /** waitAny's rule for this request's Comm; the others in the list must come from the same one. */
    abstract int waitAnyAmong(List<? extends Request> requests);

    /** The lowest index of a completed request, or -1 (what waitAny answers without waiting). */
    static int firstComplete(List<? extends Request> requests) {
        for (int i = 0; i < requests.size(); i++) {
            if (requests.get(i).isComplete()) {
                return i;
            }
        }
        return -1;
    }

    /** Complete as far as this side knows, without asking anyone (test asks). */
    abstract boolean isComplete();
}
