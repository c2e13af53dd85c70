package mse.mpi.bench;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The farm floor's relay ({@link FarmFloorBenchmark}): one thread in this JVM, waiting in a selector over every
 * rank's connection as the emulator's gateway does, that forwards the master's tasks to their slaves and the
 * slaves' results to the master, and does nothing else. It ends when the master's connection does; if it fails,
 * it closes every connection, so that the ranks fail and mpirun ends rather than waits.
 */
public final class FarmFloorRelay implements AutoCloseable {

    private final ServerSocketChannel server;
    private final int np;
    private final List<SocketChannel> connections = new ArrayList<>();
    private final Thread thread;
    private volatile Exception failure;

    private FarmFloorRelay(ServerSocketChannel server, int np) {
        this.server = server;
        this.np = np;
        this.thread = new Thread(this::relay, "mse-floor-relay");
        thread.setDaemon(true);
    }

    /** Listens on FOLDER/relay.sock for np ranks and starts relaying. */
    static FarmFloorRelay start(Path folder, int np) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(folder.resolve(FarmFloorRank.RELAY_SOCKET)));
        FarmFloorRelay relay = new FarmFloorRelay(server, np);
        relay.thread.start();
        return relay;
    }

    private void relay() {
        try (Selector selector = Selector.open()) {
            SocketChannel[] ranks = new SocketChannel[np];
            for (int i = 0; i < np; i++) {
                SocketChannel rank = server.accept();
                synchronized (connections) {
                    connections.add(rank);
                }
                FloorMessages hello = new FloorMessages();
                while (!hello.next()) {
                    if (!hello.fill(rank)) {
                        throw new IOException("a rank's connection ended before it said which rank it is");
                    }
                }
                ranks[hello.slave()] = rank;
                rank.configureBlocking(false);
                rank.register(selector, SelectionKey.OP_READ, new FloorMessages());
            }
            FloorMessages out = new FloorMessages();
            out.write(ranks[0], 0, 0); // go: every slave is connected
            while (true) {
                selector.select();
                for (Iterator<SelectionKey> keys = selector.selectedKeys().iterator(); keys.hasNext(); ) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    FloorMessages in = (FloorMessages) key.attachment();
                    boolean open = in.fill((SocketChannel) key.channel());
                    boolean fromMaster = key.channel() == ranks[0];
                    while (in.next()) {
                        out.write(fromMaster ? ranks[in.slave()] : ranks[0], in.slave(), in.task());
                    }
                    if (!open) {
                        key.cancel();
                        if (fromMaster) {
                            return;
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = e;
            closeConnections();
        }
    }

    /** Why the relay failed, or null. */
    Exception failure() {
        return failure;
    }

    private void closeConnections() {
        synchronized (connections) {
            for (SocketChannel connection : connections) {
                try {
                    connection.close();
                } catch (IOException ignored) {
                    // closing to make the ranks fail: a close that fails leaves nothing more to do
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        closeConnections();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
