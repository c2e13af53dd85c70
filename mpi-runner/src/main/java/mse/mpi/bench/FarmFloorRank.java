package mse.mpi.bench;

import java.io.IOException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;

/**
 * A rank of the farm floor ({@link FarmFloorBenchmark}), started by mpirun but using no MPI: rank 0 is the master
 * and hands out `tasks` empty tasks one at a time to whichever slave returned a result, the others return each at
 * once. Every wait is a selector's, as an emulated rank's link waits (`FrameChannel`), so each message between
 * processes wakes a sleeping thread. "direct": the slaves connect to the master's socket; "relayed": every rank
 * connects to the bench's relay, which stands where the emulator's gateway stands. The master writes the farm's
 * wall time, first task to last result, to the folder's farm-nanos.
 *
 * <p>Arguments: direct|relayed FOLDER TASKS. The rank and size come from mpirun's environment.
 */
public final class FarmFloorRank {

    static final String MASTER_SOCKET = "master.sock";
    static final String RELAY_SOCKET = "relay.sock";
    static final String FARM_NANOS = "farm-nanos";
    /** How long a rank tries to reach a socket its peer has not bound yet. */
    private static final long CONNECT_PATIENCE_NANOS = 60_000_000_000L;

    private FarmFloorRank() {
    }

    public static void main(String[] args) throws Exception {
        boolean relayed = "relayed".equals(args[0]);
        Path folder = Path.of(args[1]);
        int tasks = Integer.parseInt(args[2]);
        int rank = Integer.parseInt(System.getenv("OMPI_COMM_WORLD_RANK"));
        int size = Integer.parseInt(System.getenv("OMPI_COMM_WORLD_SIZE"));
        if (rank > 0) {
            serve(connect(folder.resolve(relayed ? RELAY_SOCKET : MASTER_SOCKET)), rank);
            return;
        }
        SocketChannel[] route = new SocketChannel[size];
        if (relayed) {
            SocketChannel relay = connect(folder.resolve(RELAY_SOCKET));
            new FloorMessages().write(relay, 0, 0);
            awaitMessage(relay, new FloorMessages()); // the relay's go: every slave is connected
            Arrays.fill(route, relay);
        } else {
            acceptSlaves(folder.resolve(MASTER_SOCKET), route);
        }
        long nanos = farm(route, tasks);
        Files.writeString(folder.resolve(FARM_NANOS), Long.toString(nanos));
    }

    private static void acceptSlaves(Path socket, SocketChannel[] route) throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            for (int i = 1; i < route.length; i++) {
                SocketChannel slave = server.accept();
                FloorMessages hello = new FloorMessages();
                awaitMessage(slave, hello);
                route[hello.slave()] = slave;
            }
        }
    }

    /** The master's farm; returns its wall time in nanoseconds, first task out to last result in. */
    private static long farm(SocketChannel[] route, int tasks) throws IOException {
        try (Selector selector = Selector.open()) {
            for (int slave = 1; slave < route.length; slave++) {
                if (route[slave].keyFor(selector) == null) {
                    route[slave].configureBlocking(false);
                    route[slave].register(selector, SelectionKey.OP_READ, new FloorMessages());
                }
            }
            FloorMessages out = new FloorMessages();
            long start = System.nanoTime();
            int next = 0;
            for (int slave = 1; slave < route.length; slave++) {
                out.write(route[slave], slave, next < tasks ? next++ : FloorMessages.STOP);
            }
            int done = 0;
            while (done < tasks) {
                selector.select();
                for (Iterator<SelectionKey> keys = selector.selectedKeys().iterator(); keys.hasNext(); ) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    FloorMessages in = (FloorMessages) key.attachment();
                    if (!in.fill((SocketChannel) key.channel())) {
                        throw new IOException("a slave's connection ended before the farm did");
                    }
                    while (in.next()) {
                        done++;
                        out.write(route[in.slave()], in.slave(), next < tasks ? next++ : FloorMessages.STOP);
                    }
                }
            }
            return System.nanoTime() - start;
        }
    }

    /** A slave: says who it is, then returns every task until told to stop. */
    private static void serve(SocketChannel master, int rank) throws Exception {
        FloorMessages out = new FloorMessages();
        out.write(master, rank, 0);
        boolean stopped = FloorMessages.each(master, task -> {
            if (task.task() == FloorMessages.STOP) {
                return false;
            }
            out.write(master, rank, task.task());
            return true;
        });
        if (!stopped) {
            throw new IOException("the master's connection ended before its stop");
        }
    }

    private static void awaitMessage(SocketChannel channel, FloorMessages messages) throws IOException {
        while (!messages.next()) {
            if (!messages.fill(channel)) {
                throw new IOException("connection ended before its first message");
            }
        }
    }

    private static SocketChannel connect(Path socket) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + CONNECT_PATIENCE_NANOS;
        while (true) {
            try {
                return SocketChannel.open(UnixDomainSocketAddress.of(socket));
            } catch (SocketException e) { // not bound yet (no such file) or not listening yet (refused)
                if (System.nanoTime() > deadline) {
                    throw new IOException("nothing listens on " + socket + " after 60 s", e);
                }
                Thread.sleep(5);
            }
        }
    }
}
