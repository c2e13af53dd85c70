package mse.emulator.wire;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * Length-prefixed frames over a rank's socket channel, built and read in direct buffers of its own: one
 * write per frame, one read per burst of frames, no stream layers and no copy through the JDK's temporary direct
 * buffers. The link's frames are small and every emulated message sends and reads one, so this code runs a hundred
 * thousand times in a 1-point run, and its compiled size counts too: the stream stack C2 inlined into the link's write
 * made one large method per rank JVM, whose compilation every rank paid.
 *
 * <p>The socket is non-blocking and a reader waits for its answer in a selector of its own (epoll, for readable
 * bytes only), never in a blocking read: Linux wakes a thread asleep in a blocking read of a Unix domain socket each
 * time the peer reads what that thread wrote (the peer's read makes room, and the wake-up for room reaches readers
 * too), so every ask woke its rank twice, once for nothing, two context switches more per emulated message on cores
 * the ranks share. Waiting for readability alone, the rank wakes once, for its answer.
 *
 * <p>Not thread-safe: one thread builds and sends frames (the link's write lock), one reads.
 */
final class FrameChannel implements AutoCloseable {

    private static final int INITIAL_BYTES = 4 * 1024;

    private final SocketChannel channel;
    /** Where the reader sleeps until bytes arrive. */
    private final Selector readable;
    /** Where a writer sleeps while the socket's buffer is full (a peer that stopped reading); opened on first need. */
    private volatile Selector writable;
    /** The frame being built: its length field, then the payload so far (write mode). */
    private ByteBuffer out = ByteBuffer.allocateDirect(INITIAL_BYTES);
    /** Bytes read and not yet taken (read mode between calls). */
    private ByteBuffer in = ByteBuffer.allocateDirect(INITIAL_BYTES);

    /** Takes the connected channel over: it becomes non-blocking, and closing this closes it. */
    FrameChannel(SocketChannel channel) throws IOException {
        this.channel = channel;
        channel.configureBlocking(false);
        this.readable = Selector.open();
        try {
            channel.register(readable, SelectionKey.OP_READ);
        } catch (IOException | RuntimeException e) {
            readable.close();
            throw e;
        }
        out.position(FrameCodec.LENGTH_FIELD_BYTES);
        in.flip();
    }

    /** Payload bytes of the frame being built. */
    int pendingBytes() {
        return out.position() - FrameCodec.LENGTH_FIELD_BYTES;
    }

    /** Adds to the payload of the frame being built (the caller keeps a frame within FrameCodec.MAX_FRAME_BYTES). */
    void append(byte[] payload) {
        if (out.remaining() < payload.length) {
            ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(2 * out.capacity(), out.position() + payload.length));
            out.flip();
            out = bigger.put(out);
        }
        out.put(payload);
    }

    /** Sends the frame built so far, if it holds anything, and starts the next. */
    void send() throws IOException {
        int length = pendingBytes();
        if (length == 0) {
            return;
        }
        out.putInt(0, length).flip();
        while (out.hasRemaining()) {
            if (channel.write(out) == 0) {
                awaitWritable();
            }
        }
        out.clear().position(FrameCodec.LENGTH_FIELD_BYTES);
    }

    /** Sends the frame built so far and closes the sending side: the peer reads a clean end of stream, not a reset. */
    void sendLast() throws IOException {
        send();
        channel.shutdownOutput();
    }

    /** Blocks until a whole frame is there and returns its payload, valid until the next call. */
    ByteBuffer receive() throws IOException {
        while (true) {
            ByteBuffer payload = FrameCodec.takeFrame(in);
            if (payload != null) {
                return payload;
            }
            in.compact();
            if (!in.hasRemaining()) {
                in = ByteBuffer.allocateDirect(2 * in.capacity()).put(in.flip());
            }
            await(readable); // at once when bytes are there; saves the read that would find none while the peer thinks
            int read = channel.read(in);
            in.flip();
            if (read < 0) {
                throw new EOFException();
            }
        }
    }

    private void awaitWritable() throws IOException {
        if (writable == null) {
            Selector selector = Selector.open();
            try {
                channel.register(selector, SelectionKey.OP_WRITE);
            } catch (IOException | RuntimeException e) {
                selector.close(); // the channel closed meanwhile
                throw e;
            }
            writable = selector;
        }
        await(writable);
    }

    /**
     * Sleeps until the selector's one channel is ready. A closed selector (the link closed under a waiting thread)
     * and an interrupt end the wait as the blocking read they replace would have: with an IOException.
     */
    private static void await(Selector selector) throws IOException {
        try {
            selector.select();
            selector.selectedKeys().clear();
        } catch (ClosedSelectorException closed) {
            throw new IOException("the connection was closed", closed);
        }
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted while waiting for the emulator");
        }
    }

    /** Closes the selectors first, which wakes a thread waiting in one, then the socket. */
    @Override
    public void close() throws IOException {
        try {
            readable.close();
            Selector w = writable;
            if (w != null) {
                w.close();
            }
        } finally {
            channel.close();
        }
    }
}
