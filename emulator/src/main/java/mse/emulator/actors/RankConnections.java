package mse.emulator.actors;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mse.emulator.report.RankOrigin;

/**
 * The ranks' connections as the keeper holds them: per rank the one its facts come on and its replies go back on,
 * and the one its lower bounds are asked on (real task cost only). Both are null until the rank connects.
 */
final class RankConnections {

    private final RankConnection[] facts;
    private final RankConnection[] lowerBounds;
    private int connected;

    RankConnections(int np) {
        this.facts = new RankConnection[np];
        this.lowerBounds = new RankConnection[np];
    }

    /** The gateway accepts only this run's np, so `rank` is one of this run's ranks. */
    void connected(int rank, RankConnection connection) {
        facts[rank] = connection;
        connected++;
    }

    void lowerBoundsConnected(int rank, RankConnection connection) {
        lowerBounds[rank] = connection;
    }

    /** The rank's connection for facts and replies (null until it connects). */
    RankConnection of(int rank) {
        return facts[rank];
    }

    /** Where the rank's ProgressRequests go (null until it connects that one). */
    RankConnection lowerBoundsOf(int rank) {
        return lowerBounds[rank];
    }

    int count() {
        return connected;
    }

    /** "1, 3": the ranks that have not connected. */
    String missing() {
        return IntStream.range(0, facts.length).filter(r -> facts[r] == null)
                .mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }

    /** Where each rank's connection came from: on several hosts, which machine ran it, and over which socket. */
    List<RankOrigin> origins() {
        return Arrays.stream(facts).map(c -> c == null ? RankOrigin.UNKNOWN : RankOrigin.of(c.remote().getAddress() == null
                ? c.remote().getHostString() : c.remote().getAddress().getHostAddress(), c.localSocket())).toList();
    }

    /** Tells every connected rank, on both its connections, that the run ended and why. */
    void abortAll(String reason) {
        for (RankConnection[] channels : List.of(facts, lowerBounds)) {
            for (RankConnection connection : channels) {
                if (connection != null) {
                    connection.abort(reason);
                }
            }
        }
    }
}
