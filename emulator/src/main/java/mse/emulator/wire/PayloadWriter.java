package mse.emulator.wire;

import java.nio.ByteBuffer;

/** Fills a payload of known size: the type byte, then big-endian fields (ByteBuffer's default order). */
final class PayloadWriter {

    private final ByteBuffer buffer;

    private PayloadWriter(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    /** A writer for a payload of type plus fieldBytes of fields; the sizes are exact, so no growing. */
    static PayloadWriter of(byte type, int fieldBytes) {
        PayloadWriter writer = new PayloadWriter(ByteBuffer.allocate(1 + fieldBytes));
        writer.buffer.put(type);
        return writer;
    }

    PayloadWriter i32(int value) {
        buffer.putInt(value);
        return this;
    }

    PayloadWriter i64(long value) {
        buffer.putLong(value);
        return this;
    }

    PayloadWriter bool(boolean value) {
        buffer.put(value ? (byte) 1 : (byte) 0);
        return this;
    }

    PayloadWriter string(byte[] utf8) {
        buffer.putInt(utf8.length);
        buffer.put(utf8);
        return this;
    }

    byte[] bytes() {
        if (buffer.hasRemaining()) {
            throw new IllegalStateException("payload size miscounted: " + buffer.remaining() + " bytes unfilled");
        }
        return buffer.array();
    }
}
