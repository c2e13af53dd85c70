package mse.emulator.actors;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.FrameCodec;
import mse.emulator.wire.Hello;
import mse.emulator.wire.MalformedFrameException;

/**
 * The protocol state of one TCP connection inside the gateway: waiting for Hello, then speaking for one
 * rank. Only the gateway's selector thread calls it, one frame at a time, so it needs no locking; a thrown
 * exception closes that connection and nothing else.
 */
final class GatewaySession {

    /** A connection the gateway refuses for a reason other than a malformed frame. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private final InetSocketAddress remote;
    private final boolean localSocket;
    private final byte[] token;
    private final int np;
    private final Set<Speaker> connectedRanks;
    private final GatewayConnection connection;
    private Hello hello;
    /** The rank said its last word (Finished or Failed): its connection may end. */
    private boolean saidLastWord;
    /** The rank's facts, across frames: a PROBE_ANY longer than a frame arrives in several. */
    private final FrameCodec.FactDecoder decoder = new FrameCodec.FactDecoder();

    /** What one connection speaks for: a rank, and which of its channels. */
    record Speaker(int rank, Hello.Channel channel) {}

    GatewaySession(InetSocketAddress remote, boolean localSocket, String token, int np, Set<Speaker> connectedRanks,
            GatewayConnection connection) {
        this.remote = remote;
        this.localSocket = localSocket;
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.np = np;
        this.connectedRanks = connectedRanks;
        this.connection = connection;
    }

    boolean greeted() {
        return hello != null;
    }

    /**
     * Turns one frame payload into the event it means (null for a frame of PATTERNS alone, which says nothing until
     * the PROBE_ANY they belong to), or throws to refuse the connection.
     */
    GatewayEvent onFrame(ByteBuffer payload) {
        if (hello == null) {
            return greet(FrameCodec.decodeHello(payload));
        }
        if (hello.channel() == Hello.Channel.LOWER_BOUNDS) {
            throw new MalformedFrameException("the lower-bound connection of rank " + hello.rank() + " sent a frame");
        }
        List<RankFact> facts = decoder.decode(payload);
        if (facts.isEmpty()) {
            return null; // PATTERNS only: their PROBE_ANY comes in a later frame
        }
        for (RankFact fact : facts) {
            if (fact.rank() != hello.rank()) {
                throw new MalformedFrameException("connection of rank " + hello.rank() + " sent a fact for rank "
                        + fact.rank());
            }
            saidLastWord |= fact instanceof RankFact.Finished || fact instanceof RankFact.Failed;
        }
        return new GatewayEvent.FactsArrived(facts);
    }

    private GatewayEvent greet(Hello candidate) {
        // Constant-time comparison: the token is the only thing keeping strangers out of the run.
        if (!MessageDigest.isEqual(token, candidate.token().getBytes(StandardCharsets.UTF_8))) {
            throw new Refused("wrong token in Hello for rank " + candidate.rank());
        }
        if (candidate.np() != np) {
            // Hello checks rank < its own np: with the run's np, every accepted rank is one of this run's.
            throw new Refused("rank " + candidate.rank() + " says np=" + candidate.np() + " but this run has np=" + np);
        }
        if (!connectedRanks.add(new Speaker(candidate.rank(), candidate.channel()))) {
            throw new Refused("rank " + candidate.rank() + " is already connected"
                    + (candidate.channel() == Hello.Channel.FACTS ? "" : " for lower bounds"));
        }
        hello = candidate;
        RankConnection rank = new RankConnection(candidate.rank(), remote, localSocket, connection);
        return candidate.channel() == Hello.Channel.FACTS ? new GatewayEvent.RankConnected(candidate.rank(), candidate.np(), rank)
                : new GatewayEvent.LowerBoundsConnected(candidate.rank(), rank);
    }

    /**
     * The event that ends this connection, failure being null for an orderly close; none for a lower-bound
     * connection (the facts connection says whether the rank is gone).
     */
    GatewayEvent ended(Throwable failure) {
        if (hello == null) {
            String reason = failure == null ? "closed before Hello" : describe(failure);
            return new GatewayEvent.ConnectionRejected(remote, reason);
        }
        connectedRanks.remove(new Speaker(hello.rank(), hello.channel()));
        if (hello.channel() == Hello.Channel.LOWER_BOUNDS) {
            return null;
        }
        return failure == null
                ? new GatewayEvent.RankDisconnected(hello.rank(), true, "connection closed")
                : new GatewayEvent.RankDisconnected(hello.rank(), false, describe(failure));
    }

    /** A rank's facts connection that ends before its Finished or Failed: the rank vanished. */
    boolean vanished() {
        return hello != null && hello.channel() == Hello.Channel.FACTS && !saidLastWord;
    }

    InetSocketAddress remote() {
        return remote;
    }

    private static String describe(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getMessage() == null) {
            cause = cause.getCause();
        }
        String kind = cause instanceof MalformedFrameException ? "malformed frame: "
                : cause instanceof Refused ? "" : cause.getClass().getSimpleName() + ": ";
        return kind + cause.getMessage();
    }
}
