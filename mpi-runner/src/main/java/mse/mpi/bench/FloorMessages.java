package mse.mpi.bench;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * The farm floor's messages ({@link FarmFloorBenchmark}): 16 bytes, the slave's rank, the task's index (-1: stop)
 * and a payload, read from a non-blocking connection whole, however the bytes came (a master's first tasks to a
 * relay arrive together).
 */
public final class FloorMessages {

    static final int SIZE = 16;
    static final int STOP = -1;

    private final ByteBuffer in = ByteBuffer.allocateDirect(64 * SIZE);
    private final ByteBuffer out = ByteBuffer.allocateDirect(SIZE);
    private int slave;
    private int task;

    FloorMessages() {
        in.flip();
    }

    /** Takes what the connection has now; false once it has ended. */
    boolean fill(SocketChannel channel) throws IOException {
        in.compact();
        try {
            return channel.read(in) >= 0;
        } finally {
            in.flip();
        }
    }

    /** Whether a whole message is waiting; if so it is now {@link #slave()} and {@link #task()}. */
    boolean next() {
        if (in.remaining() < SIZE) {
            return false;
        }
        slave = in.getInt();
        task = in.getInt();
        in.getLong();
        return true;
    }

    int slave() {
        return slave;
    }

    int task() {
        return task;
    }

    /** Writes one message whole (a blocking or a non-blocking connection: these are far below a socket's buffer). */
    void write(SocketChannel channel, int slaveRank, int taskIndex) throws IOException {
        out.clear();
        out.putInt(slaveRank).putInt(taskIndex).putLong(taskIndex * 3L).flip();
        while (out.hasRemaining()) {
            if (channel.write(out) < 0) {
                throw new EOFException("connection ended");
            }
        }
    }

    /** What a reader does with each message; false: it reads no more. */
    interface OnMessage {
        boolean accept(FloorMessages message) throws Exception;
    }

    /**
     * Every message the channel brings, each wait asleep in a selector (as an emulated rank's link and the gateway
     * wait), until `onMessage` says no more (true) or the connection ends (false).
     */
    static boolean each(SocketChannel channel, OnMessage onMessage) throws Exception {
        FloorMessages in = new FloorMessages();
        try (Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            while (true) {
                while (!in.next()) {
                    selector.select();
                    selector.selectedKeys().clear();
                    if (!in.fill(channel)) {
                        return false;
                    }
                }
                if (!onMessage.accept(in)) {
                    return true;
                }
            }
        }
    }
}
