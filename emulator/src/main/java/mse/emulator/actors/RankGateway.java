package mse.emulator.actors;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import mse.emulator.report.ScratchDirectory;
import mse.emulator.wire.EmulatorEndpoint;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The emulator's end of the rank transport: one NIO selector thread that reads every rank connection, turns
 * each frame into a {@link GatewayEvent} told to one actor, and gives that actor a {@link RankConnection}
 * whose replies it writes from its own thread.
 *
 * <p>Why a selector thread of our own rather than Pekko Streams TCP or Artery: a grant is on the critical
 * path of every emulated message, and `./run.sh bench hop` measured the fact -> grant hop through a Streams
 * pipeline (frame stage, source queue, several actor hand-offs) at many times a plain loopback round trip
 * (docs/measurements/emulation-cost.md). Here a fact costs one epoll
 * wake-up and one tell, a grant one non-blocking write; in an {@link EmulationSession} the keeper even runs
 * on the selector's thread ({@link GatewayLoop}). The ranks need no Pekko (they start in milliseconds).
 *
 * <p>It listens twice: on TCP (host:port, for ranks on other hosts) and on a local socket (a Unix domain socket
 * in a fresh private directory, for ranks on this machine, which costs a third less CPU per message; see
 * {@link EmulatorEndpoint}). Both feed the same selector and sessions.
 *
 * <p>Every connection must first present the run's token (fresh per gateway, from SecureRandom) in a Hello.
 * A wrong token, another run's np, a malformed or oversized frame, or silence for {@link #HELLO_TIMEOUT} closes that
 * connection only. Facts of one connection stay in order: one thread reads, one tell per frame.
 *
 * <p>Wiring: the owner of the run adapts the events into its own protocol and keeps each RankConnection,
 * <pre>
 *   ActorRef&lt;GatewayEvent&gt; events = context.messageAdapter(GatewayEvent.class, FromGateway::new);
 *   context.pipeToSelf(RankGateway.bind(context.getSystem(), np, events), GatewayBound::new);
 *   // on FromGateway(RankConnected c): connections.put(c.rank(), c.connection())
 *   // on FromGateway(FactsArrived f):  kernel step; connections.get(rank).send(new Grant(...))
 * </pre>
 * then hands {@link #address()} and {@link #token()} to the launcher for the ranks' EmulatorLink.
 */
public final class RankGateway implements AutoCloseable {

    public static final String DEFAULT_HOST = "127.0.0.1";
    /** A connection that has not said Hello by then is not one of our ranks. */
    public static final Duration HELLO_TIMEOUT = Duration.ofSeconds(10);
    /** The local socket's directory in the temporary directory: "mse-emulator-PID-...". */
    public static final String SOCKET_DIRECTORY_PREFIX = "mse-emulator";
    private static final int BACKLOG = 256;
    private static final Logger LOG = LoggerFactory.getLogger(RankGateway.class);

    private final GatewayLoop loop;
    private final boolean ownsLoop;
    /** Where the ranks' events go: set by {@link #serve}, before the first connection is accepted. */
    private volatile ActorRef<GatewayEvent> events;
    private final String token;
    private final int np;
    private final ServerSocketChannel server;
    private final InetSocketAddress address;
    private final ServerSocketChannel localServer;
    /** Holds the local socket; deleted when the gateway stops accepting, or by the next run if this one is killed. */
    private final ScratchDirectory socketDirectory;
    private final Path localSocket;
    private final Set<GatewaySession.Speaker> connectedRanks = ConcurrentHashMap.newKeySet();
    /** Connections whose writes or close the selector must take up (a write that did not fit, a close). */
    private final ConcurrentLinkedQueue<GatewayConnection> attention = new ConcurrentLinkedQueue<>();

    private RankGateway(GatewayLoop loop, boolean ownsLoop, String host, int port, int np) throws IOException {
        this.loop = loop;
        this.ownsLoop = ownsLoop;
        this.np = np;
        this.token = freshToken();
        this.server = ServerSocketChannel.open();
        try {
            server.bind(new InetSocketAddress(host, port), BACKLOG);
            server.configureBlocking(false);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        this.address = (InetSocketAddress) server.getLocalAddress();
        ScratchDirectory directory = null;
        ServerSocketChannel local = null;
        try {
            directory = ScratchDirectory.create(SOCKET_DIRECTORY_PREFIX); // only this user reaches the socket
            local = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            local.bind(UnixDomainSocketAddress.of(directory.path().resolve("ranks.sock")), BACKLOG);
            local.configureBlocking(false);
        } catch (IOException | RuntimeException e) {
            server.close();
            if (local != null) {
                local.close();
            }
            if (directory != null) {
                directory.close();
            }
            throw new IOException("cannot open the emulator's local socket in " + (directory == null ? "the temporary directory"
                    : directory.path()) + ": " + e.getMessage(), e);
        }
        this.localServer = local;
        this.socketDirectory = directory;
        this.localSocket = directory.path().resolve("ranks.sock");
    }

    /** Binds on 127.0.0.1, on an ephemeral port, for a run of np ranks, with a selector thread of its own. */
    public static CompletionStage<RankGateway> bind(ActorSystem<?> system, int np, ActorRef<GatewayEvent> events) {
        return bind(system, DEFAULT_HOST, 0, np, events);
    }

    /**
     * Binds on host:port (port 0 picks a free one; see {@link #port()}) with a selector thread of its own and
     * starts accepting the ranks of a run of np: a Hello with another np is refused, so every accepted rank is
     * one of 0..np-1.
     */
    public static CompletionStage<RankGateway> bind(ActorSystem<?> system, String host, int port, int np,
            ActorRef<GatewayEvent> events) {
        try {
            return CompletableFuture.completedFuture(bind(GatewayLoop.start("mse-rank-gateway"), true, host, port, np, events));
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Binds on the given loop (which the caller closes) and starts accepting the ranks of a run of np. */
    static RankGateway bind(GatewayLoop loop, String host, int port, int np, ActorRef<GatewayEvent> events)
            throws IOException {
        return bind(loop, false, host, port, np, events);
    }

    private static RankGateway bind(GatewayLoop loop, boolean ownsLoop, String host, int port, int np,
            ActorRef<GatewayEvent> events) throws IOException {
        RankGateway gateway = new RankGateway(loop, ownsLoop, host, port, np);
        gateway.serve(events);
        return gateway;
    }

    /**
     * Opens the sockets on the given loop (which the caller closes) without accepting yet: the address, the local
     * socket and the token are known, so the ranks can be started while the emulator behind the gateway starts; they
     * wait in the sockets' backlog until {@link #serve}.
     */
    static RankGateway open(GatewayLoop loop, String host, int port, int np) throws IOException {
        return new RankGateway(loop, false, host, port, np);
    }

    /** Starts accepting the ranks, whose events go to events. */
    void serve(ActorRef<GatewayEvent> events) {
        this.events = events;
        loop.serve(new Served());
        loop.execute(this::listen); // registrations happen on the loop's own thread
        LOG.info("Rank gateway listening on {} and {}", address, localSocket);
    }

    /** The TCP address ranks on other hosts connect to. */
    public InetSocketAddress address() {
        return address;
    }

    /** What ranks on this machine connect to: the local socket. */
    public EmulatorEndpoint localEndpoint() {
        return EmulatorEndpoint.local(localSocket);
    }

    public int port() {
        return address.getPort();
    }

    /** The secret ranks must present in Hello; hand it to the launcher, never log it. */
    public String token() {
        return token;
    }

    /** Stops accepting new connections; connected ranks keep theirs. */
    public CompletionStage<Void> unbind() {
        try {
            server.close();
            localServer.close();
            socketDirectory.close();
            loop.wakeup();
            return CompletableFuture.completedFuture(null);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Stops accepting and, with a loop of its own, stops it, which closes every connection. */
    @Override
    public void close() {
        unbind();
        if (ownsLoop) {
            loop.close();
        }
    }

    /** Any thread: the selector must flush or close this connection. */
    void attend(GatewayConnection connection) {
        attention.add(connection);
        if (!loop.inLoop()) {
            loop.wakeup();
        }
    }

    private void listen() {
        try {
            server.register(loop.selector(), SelectionKey.OP_ACCEPT);
            localServer.register(loop.selector(), SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            LOG.error("Rank gateway cannot accept connections: {}", e.toString());
        }
    }

    /** What the loop calls back: everything here runs on the loop's thread. */
    private final class Served implements GatewayLoop.Handler {

        @Override
        public void onReady(SelectionKey key) {
            if (key.isValid() && key.isAcceptable()) {
                accept((ServerSocketChannel) key.channel());
                return;
            }
            GatewayConnection connection = (GatewayConnection) key.attachment();
            try {
                if (key.isValid() && key.isWritable()) {
                    connection.flushQueued();
                }
                if (key.isValid() && key.isReadable()) {
                    connection.read(events::tell);
                }
            } catch (IOException | RuntimeException e) {
                end(connection, e instanceof EOFException ? null : e);
            }
        }

        @Override
        public void afterTurn() {
            attendAll();
            expireSilentConnections();
        }

        /** Wakes for the earliest Hello deadline; with every connection greeted, only for I/O (no polling). */
        @Override
        public long timeoutMillis() {
            long earliest = Long.MAX_VALUE;
            for (SelectionKey key : loop.selector().keys()) {
                if (key.attachment() instanceof GatewayConnection c) {
                    earliest = Math.min(earliest, c.helloDeadlineNanos());
                }
            }
            return earliest == Long.MAX_VALUE ? 0 : Math.max(1, (earliest - System.nanoTime()) / 1_000_000 + 1);
        }

        @Override
        public void stopped() {
            for (SelectionKey key : loop.selector().keys()) {
                if (key.attachment() instanceof GatewayConnection c) {
                    end(c, null);
                }
            }
        }
    }

    private void accept(ServerSocketChannel from) {
        try {
            SocketChannel channel = from.accept();
            if (channel == null) {
                return;
            }
            channel.configureBlocking(false);
            if (from == server) {
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true); // replies are tiny and latency-bound
            }
            GatewayConnection connection = new GatewayConnection(channel, this, token, np, connectedRanks,
                    System.nanoTime() + HELLO_TIMEOUT.toNanos());
            connection.register(channel.register(loop.selector(), SelectionKey.OP_READ, connection));
        } catch (IOException e) {
            LOG.warn("Could not accept a rank connection: {}", e.toString());
        }
    }

    private void attendAll() {
        GatewayConnection connection;
        while ((connection = attention.poll()) != null) {
            try {
                connection.flushQueued();
            } catch (IOException | RuntimeException e) {
                end(connection, e);
            }
        }
    }

    private void expireSilentConnections() {
        long now = System.nanoTime();
        for (SelectionKey key : loop.selector().keys()) {
            if (key.attachment() instanceof GatewayConnection c && c.helloOverdue(now)) {
                end(c, new GatewaySession.Refused("no Hello within " + HELLO_TIMEOUT.toSeconds() + " s"));
            }
        }
    }

    private void end(GatewayConnection connection, Throwable failure) {
        boolean vanished = connection.vanished();
        GatewayEvent last = connection.end(failure);
        if (vanished) {
            readOthers(connection);
        }
        if (last == null) {
            return;
        }
        if (last instanceof GatewayEvent.ConnectionRejected rejected) {
            LOG.warn("Rejected connection from {}: {}", rejected.remote(), rejected.reason());
        } else if (last instanceof GatewayEvent.RankDisconnected gone && !gone.clean()) {
            LOG.warn("Rank {} disconnected: {}", gone.rank(), gone.cause());
        } else {
            LOG.debug("Connection ended: {}", last);
        }
        events.tell(last);
    }

    /**
     * A rank that vanished was most often ended by another rank's end: mpirun kills the job when a rank aborts (an
     * error under MPI_ERRORS_ARE_FATAL), and that rank said why (Failed) before it aborted. What the other ranks sent is
     * then already readable, though the selector may report this end first: read it now, so the run ends naming the
     * cause, not the rank mpirun killed for it.
     */
    private void readOthers(GatewayConnection vanished) {
        for (SelectionKey key : List.copyOf(loop.selector().keys())) {
            if (key.isValid() && key.attachment() instanceof GatewayConnection other && other != vanished) {
                try {
                    other.read(events::tell);
                } catch (IOException | RuntimeException e) {
                    end(other, e instanceof EOFException ? null : e);
                }
            }
        }
    }

    private static String freshToken() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
