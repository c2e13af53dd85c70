package mse.emulator.wire;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Length-prefixed frames over a rank's blocking socket channel, built and read in direct buffers of its own: one
 * write per frame, one read per burst of frames, no stream layers and no copy through the JDK's temporary direct
 * buffers. The link's frames are small and every emulated message sends and reads one, so this code runs a hundred
 * thousand times in a 1-point run, and its compiled size counts too: the stream stack C2 inlined into the link's write
 * made a 17-20 kB method per rank JVM, 0.1 s of compilation each.
 *
 * <p>Not thread-safe: one thread builds and sends frames (the link's write lock), one reads.
 */
final class FrameChannel {

    private static final int INITIAL_BYTES = 4 * 1024;

    private final SocketChannel channel;
    /** The frame being built: its length field, then the payload so far (write mode). */
    private ByteBuffer out = ByteBuffer.allocateDirect(INITIAL_BYTES);
    /** Bytes read and not yet taken (read mode between calls). */
    private ByteBuffer in = ByteBuffer.allocateDirect(INITIAL_BYTES);

    FrameChannel(SocketChannel channel) {
        this.channel = channel;
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
            channel.write(out);
        }
        out.clear().position(FrameCodec.LENGTH_FIELD_BYTES);
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
            int read = channel.read(in);
            in.flip();
            if (read < 0) {
                throw new EOFException();
            }
        }
    }
}
