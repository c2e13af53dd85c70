package mse.emulator.wire;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/**
 * Reads the fields of one payload with a bounds check before every read, so truncated or lying input
 * becomes a MalformedFrameException naming the field, never a BufferUnderflow or index error.
 */
final class PayloadReader {

    private final ByteBuffer buffer;

    private PayloadReader(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    static PayloadReader of(ByteBuffer payload) {
        if (payload.remaining() > FrameCodec.MAX_FRAME_BYTES) {
            throw new MalformedFrameException(
                    "payload of " + payload.remaining() + " bytes exceeds " + FrameCodec.MAX_FRAME_BYTES);
        }
        // A read-only view: decoding never moves the caller's position or changes its byte order.
        return new PayloadReader(payload.slice().order(java.nio.ByteOrder.BIG_ENDIAN));
    }

    byte type() {
        need(1, "type");
        return buffer.get();
    }

    int i32(String field) {
        need(4, field);
        return buffer.getInt();
    }

    long i64(String field) {
        need(8, field);
        return buffer.getLong();
    }

    boolean bool(String field) {
        need(1, field);
        byte b = buffer.get();
        if (b != 0 && b != 1) {
            throw new MalformedFrameException(field + " must be 0 or 1, got " + b);
        }
        return b == 1;
    }

    String string(String field) {
        int length = i32(field + " length");
        if (length < 0) {
            throw new MalformedFrameException(field + " has negative length " + length);
        }
        need(length, field);
        ByteBuffer bytes = buffer.slice().limit(length);
        buffer.position(buffer.position() + length);
        try {
            // newDecoder() reports malformed input instead of silently substituting U+FFFD.
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().decode(bytes);
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw new MalformedFrameException(field + " is not valid UTF-8", e);
        }
    }

    boolean hasRemaining() {
        return buffer.hasRemaining();
    }

    /** Every byte must belong to a field: trailing bytes mean the peer speaks another version. */
    void end() {
        if (buffer.hasRemaining()) {
            throw new MalformedFrameException(buffer.remaining() + " unexpected trailing bytes");
        }
    }

    private void need(int bytes, String field) {
        if (buffer.remaining() < bytes) {
            throw new MalformedFrameException("truncated frame: " + field + " needs " + bytes + " bytes, "
                    + buffer.remaining() + " left");
        }
    }
}
