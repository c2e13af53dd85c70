package mse.mpi.comm;

import java.nio.ByteBuffer;
import java.util.List;
import mpi.MPIException;
import mpi.Status;

/**
 * An Open MPI request (mpi.Request) with the direct buffer it sends from or receives into; a receive copies its
 * message out once complete. MPI frees a request it completes, so completion is remembered here.
 */
final class MpiRequest extends Request {

    private final mpi.Request request;
    private final ByteBuffer buffer;
    private final boolean receive;
    private final int rank;
    private Message message;
    private boolean complete;

    MpiRequest(mpi.Request request, ByteBuffer buffer, boolean receive, int rank) {
        this.request = request;
        this.buffer = buffer;
        this.receive = receive;
        this.rank = rank;
    }

    @Override
    public boolean test() {
        try {
            if (!complete) {
                Status status = request.testStatus();
                if (status != null) {
                    completeWith(status);
                }
            }
            return complete;
        } catch (MPIException e) {
            throw failure("MPI_Test", e);
        }
    }

    @Override
    public Message waitFor() {
        try {
            if (!complete) {
                completeWith(request.waitStatus());
            }
            return message;
        } catch (MPIException e) {
            throw failure("MPI_Wait", e);
        }
    }

    @Override
    int waitAnyAmong(List<? extends Request> requests) {
        int done = Request.firstComplete(requests);
        if (done >= 0) {
            return done;
        }
        List<MpiRequest> open = requests.stream().map(MpiRequest::own).toList();
        try {
            Status status = mpi.Request.waitAnyStatus(open.stream().map(r -> r.request).toArray(mpi.Request[]::new));
            MpiRequest completed = open.get(status.getIndex());
            completed.completeWith(status);
            return status.getIndex();
        } catch (MPIException e) {
            throw failure("MPI_Waitany", e);
        }
    }

    @Override
    boolean isComplete() {
        return complete;
    }

    private void completeWith(Status status) throws MPIException {
        if (receive) {
            byte[] data = new byte[status.getCount(mpi.MPI.BYTE)];
            buffer.get(0, data);
            message = new Message(status.getSource(), status.getTag(), data);
        }
        complete = true;
    }

    private static MpiRequest own(Request request) {
        if (!(request instanceof MpiRequest mpi)) {
            throw new CommException("waitAny over MPI requests got a request of another Comm");
        }
        return mpi;
    }

    private CommException failure(String what, MPIException e) {
        return new CommException("rank " + rank + ": " + what + " failed: " + e.getMessage(), e);
    }
}
