package mse.emulator.actors;

import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.wire.FrameCodec;
import org.apache.pekko.Done;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.io.TcpSO;
import org.apache.pekko.japi.Pair;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Framing;
import org.apache.pekko.stream.javadsl.Keep;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;
import org.apache.pekko.stream.javadsl.Tcp;
import org.apache.pekko.util.ByteString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The emulator's end of the rank transport: a Pekko Streams TCP server that turns each rank connection into
 * {@link GatewayEvent}s for one actor, and gives that actor a {@link RankConnection} to answer through.
 *
 * <p>Why Pekko Streams TCP with our own framing rather than Artery remoting: the ranks then need no Pekko
 * (they start in milliseconds in a small heap), backpressure and framing come for free on this side, and a
 * fact costs a 4-byte length and about 20 bytes of payload instead of a serialized envelope.
 *
 * <p>Every connection must first present the run's token (fresh per gateway, from SecureRandom) in a Hello.
 * A wrong token, another run's np, a malformed or oversized frame, or silence for {@link #HELLO_TIMEOUT} closes that
 * connection only. Facts of one connection stay in order: one stream per connection, one tell per frame.
 *
 * <p>Wiring: the owner of the run adapts the events into its own protocol and keeps each RankConnection,
 * <pre>
 *   ActorRef&lt;GatewayEvent&gt; events = context.messageAdapter(GatewayEvent.class, FromGateway::new);
 *   context.pipeToSelf(RankGateway.bind(context.getSystem(), events), GatewayBound::new);
 *   // on FromGateway(RankConnected c): connections.put(c.rank(), c.connection())
 *   // on FromGateway(FactArrived f):   kernel step; connections.get(rank).send(new Grant(...))
 * </pre>
 * then hands {@link #address()} and {@link #token()} to the launcher for the ranks' EmulatorLink.
 */
public final class RankGateway {

    public static final String DEFAULT_HOST = "127.0.0.1";
    /** A connection that has not said Hello by then is not one of our ranks. */
    public static final Duration HELLO_TIMEOUT = Duration.ofSeconds(10);
    /** Replies waiting to be written per rank; a rank has at most one ask outstanding, so this is slack. */
    static final int REPLY_BUFFER = 256;
    private static final int BACKLOG = 256;
    private static final Logger LOG = LoggerFactory.getLogger(RankGateway.class);

    private final ActorSystem<?> system;
    private final ActorRef<GatewayEvent> events;
    private final String token;
    private final int np;
    private final Set<Integer> connectedRanks = ConcurrentHashMap.newKeySet();
    private volatile Tcp.ServerBinding binding;

    private RankGateway(ActorSystem<?> system, ActorRef<GatewayEvent> events, String token, int np) {
        this.system = system;
        this.events = events;
        this.token = token;
        this.np = np;
    }

    /** Binds on 127.0.0.1, on an ephemeral port, for a run of np ranks. */
    public static CompletionStage<RankGateway> bind(ActorSystem<?> system, int np, ActorRef<GatewayEvent> events) {
        return bind(system, DEFAULT_HOST, 0, np, events);
    }

    /**
     * Binds on host:port (port 0 picks a free one; see {@link #port()}) and starts accepting the ranks of a
     * run of np: a Hello with another np is refused, so every accepted rank is one of 0..np-1.
     */
    public static CompletionStage<RankGateway> bind(ActorSystem<?> system, String host, int port, int np,
            ActorRef<GatewayEvent> events) {
        RankGateway gateway = new RankGateway(system, events, freshToken(), np);
        return Tcp.get(system)
                .bind(host, port, BACKLOG, List.of(TcpSO.tcpNoDelay(true)), false, java.util.Optional.empty())
                .to(Sink.foreach(gateway::accept))
                .run(system)
                .thenApply(bound -> {
                    gateway.binding = bound;
                    log().info("Rank gateway listening on {}", bound.localAddress());
                    return gateway;
                });
    }

    /** The address ranks must connect to. */
    public InetSocketAddress address() {
        return binding.localAddress();
    }

    public int port() {
        return address().getPort();
    }

    /** The secret ranks must present in Hello; hand it to the launcher, never log it. */
    public String token() {
        return token;
    }

    /** Stops accepting new connections; connected ranks keep theirs. */
    public CompletionStage<Void> unbind() {
        return binding.unbind().thenApply(unit -> null);
    }

    private void accept(Tcp.IncomingConnection connection) {
        Pair<BoundedSourceQueue<EmulatorReply>, Source<EmulatorReply, NotUsed>> replies =
                Source.<EmulatorReply>queue(REPLY_BUFFER).preMaterialize(system);
        GatewaySession session =
                new GatewaySession(connection.remoteAddress(), token, np, connectedRanks, replies.first());

        Sink<ByteString, CompletionStage<Done>> inbound = Flow.of(ByteString.class)
                .initialTimeout(HELLO_TIMEOUT)
                .map(session::onFrame)
                .toMat(Sink.foreach(events::tell), Keep.right());
        Source<ByteString, NotUsed> outbound =
                replies.second().map(reply -> ByteString.fromArrayUnsafe(FrameCodec.encodeReply(reply)));
        // Coupled: when either side ends (rank closed, bad frame, emulator closed), the whole connection ends.
        Flow<ByteString, ByteString, CompletionStage<Done>> payloads =
                Flow.fromSinkAndSourceCoupledMat(inbound, outbound, Keep.left());
        Flow<ByteString, ByteString, CompletionStage<Done>> framed =
                Framing.simpleFramingProtocol(FrameCodec.MAX_FRAME_BYTES).reversed()
                        .join(payloads, Keep.<NotUsed, CompletionStage<Done>>right());

        connection.handleWith(framed, system).whenComplete((done, failure) -> {
            try {
                GatewayEvent last = session.ended(failure);
                report(last);
                events.tell(last);
            } catch (RuntimeException e) {
                // A callback on a completion stage swallows exceptions: say it, or the rank silently never ends.
                log().error("Could not report the end of the connection from {}", session.remote(), e);
            }
        });
    }

    private void report(GatewayEvent last) {
        if (last instanceof GatewayEvent.ConnectionRejected rejected) {
            log().warn("Rejected connection from {}: {}", rejected.remote(), rejected.reason());
        } else if (last instanceof GatewayEvent.RankDisconnected gone && !gone.clean()) {
            log().warn("Rank {} disconnected: {}", gone.rank(), gone.cause());
        } else {
            log().debug("Connection ended: {}", last);
        }
    }

    private static Logger log() {
        return LOG;
    }

    private static String freshToken() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
