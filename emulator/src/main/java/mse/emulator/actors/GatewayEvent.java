package mse.emulator.actors;

import java.net.InetSocketAddress;
import java.util.List;
import mse.emulator.kernel.RankFact;

/**
 * What the RankGateway tells the actor that owns the run (usually through a message adapter). For one rank
 * the events arrive in wire order: RankConnected, its facts in the order the rank sent them, then
 * RankDisconnected. Connections that never became a rank produce only ConnectionRejected.
 */
public sealed interface GatewayEvent {

    /** A rank of this run (the run's token and np, so 0 <= rank < np) connected; replies go through `connection`. */
    record RankConnected(int rank, int np, RankConnection connection) implements GatewayEvent {}

    /**
     * The same rank's second connection, on which it reads ProgressRequests while it computes (only where measured
     * CPU is charged); send those through `connection`, everything else through RankConnected's.
     */
    record LowerBoundsConnected(int rank, RankConnection connection) implements GatewayEvent {}

    /**
     * One frame of facts from an accepted rank, in the order the rank reported them: everything it said up
     * to a blocking call travels together. Every fact's rank() is guaranteed to be the rank of that connection.
     */
    record FactsArrived(List<RankFact> facts) implements GatewayEvent {

        public FactsArrived {
            facts = List.copyOf(facts);
        }
    }

    /**
     * The connection of an accepted rank ended. `clean` means an orderly close (by the rank or by the
     * emulator); otherwise `cause` says what broke: reset, malformed frame, a fact for another rank.
     */
    record RankDisconnected(int rank, boolean clean, String cause) implements GatewayEvent {}

    /**
     * A connection was refused before it became a rank: wrong token, another np, malformed or oversized frame,
     * no Hello in time, a rank that is already connected. The connection is closed; the run goes on.
     */
    record ConnectionRejected(InetSocketAddress remote, String reason) implements GatewayEvent {}
}
