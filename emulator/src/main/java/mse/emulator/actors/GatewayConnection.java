package mse.emulator.actors;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.function.Consumer;
import mse.emulator.wire.FrameCodec;

/**
 * One rank's socket inside the gateway. The selector thread reads it (frames in, events out); the actor
 * that owns the run writes replies straight from its own thread, so a grant costs one non-blocking write
 * and no hand-off. Only when the kernel's socket buffer is full (a rank that stopped reading) does the
 * rest wait for the selector to report the socket writable.
 */
final class GatewayConnection implements ReplyChannel {

    /** Reply bytes allowed to wait for a slow reader; a rank has at most one ask outstanding, so this is slack. */
    static final int MAX_QUEUED_REPLY_BYTES = 1 << 20;
    private static final int INITIAL_READ_BYTES = 4 * 1024;

    private final SocketChannel channel;
    private final RankGateway gateway;
    private final GatewaySession session;
    private final long helloDeadlineNanos;
    private SelectionKey key;
    private ByteBuffer in = ByteBuffer.allocate(INITIAL_READ_BYTES);

    // Guarded by `this`: written by the owner's thread, drained by the selector thread.
    private final ArrayDeque<ByteBuffer> queued = new ArrayDeque<>();
    private int queuedBytes;
    private boolean closeRequested;
    /** A reply could not be written: the rank has closed its socket. What it said before still counts. */
    private boolean writeBroken;
    private boolean outputShut;
    private boolean ended;

    GatewayConnection(SocketChannel channel, RankGateway gateway, String token, int np, Set<GatewaySession.Speaker> connectedRanks,
                      long helloDeadlineNanos) throws IOException {
        this.channel = channel;
        this.gateway = gateway;
        this.helloDeadlineNanos = helloDeadlineNanos;
        this.session = new GatewaySession(remoteOf(channel, gateway.address()), !(channel.getRemoteAddress() instanceof InetSocketAddress),
                token, np, connectedRanks, this);
    }

    /**
     * Where the rank connected from: its TCP address; over the local socket, this machine as the other hosts reach it
     * (the address the gateway listens on for TCP, loopback when that is every interface).
     */
    private static InetSocketAddress remoteOf(SocketChannel channel, InetSocketAddress listening) throws IOException {
        if (channel.getRemoteAddress() instanceof InetSocketAddress inet) {
            return inet;
        }
        InetAddress here = listening.getAddress();
        return new InetSocketAddress(here.isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : here, 0);
    }

    void register(SelectionKey registered) {
        this.key = registered;
    }

    InetSocketAddress remote() {
        return session.remote();
    }

    /** Still waiting for Hello at `nowNanos` past the deadline: the connection is not one of our ranks. */
    boolean helloOverdue(long nowNanos) {
        return !session.greeted() && nowNanos - helloDeadlineNanos > 0;
    }

    long helloDeadlineNanos() {
        return session.greeted() ? Long.MAX_VALUE : helloDeadlineNanos;
    }

    /**
     * Selector thread: reads what arrived and delivers the event of each whole frame, in order, before a bad
     * frame throws (so a rank that greets and then misbehaves is first connected, then disconnected).
     */
    void read(Consumer<GatewayEvent> deliver) throws IOException {
        if (channel.read(in) < 0) {
            throw new EOFException();
        }
        in.flip();
        ByteBuffer payload;
        while ((payload = FrameCodec.takeFrame(in)) != null) {
            GatewayEvent event = session.onFrame(payload);
            if (event != null && !closing()) {
                deliver.accept(event); // after the emulator closed its side, what the rank still says is moot
            }
        }
        keepPartialFrame();
    }

    /** Moves a partial frame to the front, growing the buffer when the frame is larger than it. */
    private void keepPartialFrame() {
        in.compact();
        if (in.position() >= FrameCodec.LENGTH_FIELD_BYTES) {
            int needed = FrameCodec.LENGTH_FIELD_BYTES + in.getInt(0);
            if (needed > in.capacity()) {
                ByteBuffer bigger = ByteBuffer.allocate(needed);
                in.flip();
                bigger.put(in);
                in = bigger;
            }
        }
    }

    /**
     * Owner's thread: writes one reply frame, or queues it behind earlier ones. False when the connection is
     * closing or gone, or when the rank has stopped reading.
     */
    @Override
    public synchronized boolean write(byte[] payload) {
        if (closeRequested || writeBroken || ended || queuedBytes > MAX_QUEUED_REPLY_BYTES) {
            return false;
        }
        ByteBuffer frame = ByteBuffer.allocate(FrameCodec.LENGTH_FIELD_BYTES + payload.length);
        frame.putInt(payload.length).put(payload).flip();
        try {
            if (queued.isEmpty()) {
                channel.write(frame);
            }
        } catch (IOException broken) {
            // Not a close: a rank that finished and closed its socket gets a late ProgressRequest here, while
            // its last frame (Finished) may still wait unread in our receive buffer and must be delivered. The
            // selector reads that frame, then the end of stream or the error, and ends the connection itself.
            writeBroken = true;
            queued.clear();
            queuedBytes = 0;
            return false;
        }
        if (frame.hasRemaining()) {
            queued.add(frame);
            queuedBytes += frame.remaining();
            gateway.attend(this);
        }
        return true;
    }

    /** Owner's thread: closes the connection once the replies written so far have gone out. */
    @Override
    public synchronized void close() {
        if (!closeRequested) {
            closeRequested = true;
            gateway.attend(this);
        }
    }

    /** Selector thread: writes what waits, then shuts the output once a close was asked for and nothing waits. */
    synchronized void flushQueued() throws IOException {
        while (!queued.isEmpty()) {
            ByteBuffer head = queued.peek();
            int before = head.remaining();
            channel.write(head);
            queuedBytes -= before - head.remaining();
            if (head.hasRemaining()) {
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                return;
            }
            queued.poll();
        }
        key.interestOps(SelectionKey.OP_READ);
        if (closeRequested && !outputShut) {
            outputShut = true;
            channel.shutdownOutput(); // the rank reads everything sent, then end of stream; it closes its side
        }
    }

    private synchronized boolean closing() {
        return closeRequested;
    }

    /** Whether the rank ended without its last word (GatewaySession.vanished). */
    boolean vanished() {
        return session.vanished();
    }

    /** Selector thread: closes the socket and returns the event that ends this connection (once). */
    GatewayEvent end(Throwable failure) {
        synchronized (this) {
            if (ended) {
                return null;
            }
            ended = true;
            queued.clear();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is all that is left to do
        }
        return session.ended(failure);
    }
}
