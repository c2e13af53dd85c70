package mse.mpi.comm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mse.emulator.kernel.MessagePattern;

/**
 * MPI's matching of posted receives for a Comm that matches them itself (LocalComm, EmulatedComm). An irecv
 * does not take a message when posted: it is matched when the program tests or waits, and then each message,
 * in arrival order (virtual arrival order when emulated), goes to the earliest-posted pending receive it
 * matches, as MPI would have given it when it arrived. A blocking receive or probe, an iprobe, a test and a
 * wait all follow that rule, so a message an earlier irecv matches is never seen by a later operation.
 *
 * <p>Everything is built on the Comm's three receive-side primitives ({@link Side}); with no receive pending
 * the plain operations go straight to them, unchanged.
 */
final class PostedReceives {

    /** The receive side of a Comm: what PostedReceives builds its rules on. */
    interface Side {
        /** Blocks until a message matching any pattern has arrived; the first to arrive, left queued. */
        Envelope probe(List<MessagePattern> patterns);

        /** As of now: the first message matching any pattern that has arrived, left queued, or empty. */
        Optional<Envelope> poll(List<MessagePattern> patterns);

        /** The plain blocking receive: the first message to arrive from (source, tag). */
        Message take(int source, int tag);

        /** The program's test or wait of a request begins (the MPI call `call`): the Comm's own work from here on is not the program's. */
        void enter(String call);

        /** The program's test or wait returns to it. */
        void leave();
    }

    private final Side side;
    /** Receives posted and not complete, in posting order. */
    private final List<PostedRequest> pending = new ArrayList<>();

    PostedReceives(Side side) {
        this.side = side;
    }

    PostedRequest post(int source, int tag, int capacity) {
        PostedRequest request = PostedRequest.receive(this, source, tag, capacity);
        pending.add(request);
        return request;
    }

    PostedRequest sent() {
        return PostedRequest.sent(this);
    }

    /** A blocking receive posted now: it gets the first message no pending irecv takes first. */
    Message recv(int source, int tag) {
        MessagePattern wanted = Collectives.pattern(source, tag);
        while (overlapsPending(wanted, pending.size())) {
            Envelope first = side.probe(List.of(wanted));
            if (!giveToPending(first)) {
                return side.take(first.source(), first.tag());
            }
        }
        return side.take(source, tag);
    }

    /** A blocking probe: the first message no pending irecv takes first. */
    Envelope probe(int source, int tag) {
        MessagePattern wanted = Collectives.pattern(source, tag);
        while (true) {
            Envelope first = side.probe(List.of(wanted));
            if (!giveToPending(first)) {
                return first;
            }
        }
    }

    /** MPI_Iprobe: as of now, the first message no pending irecv takes first. */
    Optional<Envelope> iprobe(int source, int tag) {
        List<MessagePattern> wanted = List.of(Collectives.pattern(source, tag));
        while (true) {
            Optional<Envelope> first = side.poll(wanted);
            if (first.isEmpty() || !giveToPending(first.get())) {
                return first;
            }
        }
    }

    boolean test(PostedRequest request) {
        side.enter("MPI_Test");
        try {
            return tested(request);
        } finally {
            side.leave();
        }
    }

    private boolean tested(PostedRequest request) {
        checkOwn(request);
        while (!request.isComplete()) {
            Optional<Envelope> first = side.poll(List.of(request.pattern));
            if (first.isEmpty()) {
                return false;
            }
            giveToPending(first.get()); // to this request or an earlier one that matches it too
        }
        return true;
    }

    Message waitFor(PostedRequest request) {
        side.enter("MPI_Wait");
        try {
            return waited(request);
        } finally {
            side.leave();
        }
    }

    private Message waited(PostedRequest request) {
        checkOwn(request);
        while (!request.isComplete()) {
            if (!overlapsPending(request.pattern, pending.indexOf(request))) {
                MessagePattern p = request.pattern;
                complete(request, side.take(p.source(), p.tag()));
            } else {
                giveToPending(side.probe(List.of(request.pattern)));
            }
        }
        return request.message();
    }

    /** The request whose message arrives first completes; requests already complete answer at once. */
    int waitAny(List<? extends Request> requests) {
        side.enter("MPI_Waitany");
        try {
            return waitedAny(requests);
        } finally {
            side.leave();
        }
    }

    private int waitedAny(List<? extends Request> requests) {
        requests.forEach(this::checkOwn);
        int done = Request.firstComplete(requests);
        while (done < 0) {
            List<MessagePattern> wanted = requests.stream().map(r -> ((PostedRequest) r).pattern).toList();
            giveToPending(side.probe(wanted));
            done = Request.firstComplete(requests);
        }
        return done;
    }

    /** Gives the message to the earliest pending receive it matches, if any; false when none matches it. */
    private boolean giveToPending(Envelope message) {
        for (PostedRequest request : pending) {
            if (request.pattern.matches(message.source(), message.tag(), Collectives.contextOf(message.tag()))) {
                complete(request, side.take(message.source(), message.tag()));
                return true;
            }
        }
        return false;
    }

    private void complete(PostedRequest request, Message message) {
        pending.remove(request);
        request.complete(message);
    }

    /** True when one of the first `before` pending receives could match a message `wanted` matches. */
    private boolean overlapsPending(MessagePattern wanted, int before) {
        for (int i = 0; i < before; i++) {
            if (pending.get(i).pattern.overlaps(wanted)) {
                return true;
            }
        }
        return false;
    }

    private void checkOwn(Request request) {
        if (!(request instanceof PostedRequest posted) || !posted.owns(this)) {
            throw new CommException("a request of another Comm: test, wait and waitAny take only this Comm's requests");
        }
    }
}
