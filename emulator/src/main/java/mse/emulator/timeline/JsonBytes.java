package mse.emulator.timeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Compact JSON written byte by byte into a buffer of its own, for the timeline's hundreds of thousands of events
 * (issue 45): Jackson's generator checks its context and escapes every string on every call, which took most of a
 * 600,000-event timeline's time in predict's C1-compiled JVM. It writes what Jackson writes for the same values
 * (the file is unchanged); strings that need escaping and whole values (records, maps) go through Jackson itself.
 */
final class JsonBytes implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int used;

    JsonBytes(OutputStream out) {
        this.out = out;
    }

    /** Characters that are their own bytes in JSON (printable ASCII, no quote, no backslash): a key or a fixed token. */
    JsonBytes ascii(String text) throws IOException {
        int length = text.length();
        if (length > buffer.length) {
            flushIfFull(buffer.length);
            out.write(text.getBytes(StandardCharsets.US_ASCII));
            return this;
        }
        flushIfFull(length);
        for (int i = 0; i < length; i++) {
            buffer[used++] = (byte) text.charAt(i);
        }
        return this;
    }

    /** A JSON string value, quoted; escaped by Jackson where it holds anything but plain printable ASCII. */
    JsonBytes string(String text) throws IOException {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                return value(text);
            }
        }
        return ascii("\"").ascii(text).ascii("\"");
    }

    /** Any value as Jackson's ObjectMapper writes it (a record's keys, a map, a string, a number). */
    JsonBytes value(Object value) throws IOException {
        byte[] bytes;
        try {
            bytes = MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IOException("cannot encode " + value.getClass().getSimpleName() + " in the timeline: " + e.getMessage(), e);
        }
        flushIfFull(bytes.length);
        if (bytes.length > buffer.length) {
            out.write(bytes);
        } else {
            System.arraycopy(bytes, 0, buffer, used, bytes.length);
            used += bytes.length;
        }
        return this;
    }

    /** A whole number in decimal, as Jackson writes a long. */
    JsonBytes number(long value) throws IOException {
        flushIfFull(20);
        if (value == Long.MIN_VALUE) {
            return ascii(Long.toString(value));
        }
        if (value < 0) {
            buffer[used++] = '-';
            value = -value;
        }
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        used += digits;
        int at = used;
        do {
            buffer[--at] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value > 0);
        return this;
    }

    /**
     * Nanoseconds as exact decimal microseconds: 1234567 ns -> 1234.567, 5000 ns -> 5 (the Chrome trace's unit, so
     * spans that touch in nanoseconds touch in the file too).
     */
    JsonBytes micros(long nanos) throws IOException {
        int fraction = (int) Math.abs(nanos % 1000);
        if (fraction == 0) {
            return number(nanos / 1000);
        }
        if (nanos < 0) {
            ascii("-");
        }
        number(Math.abs(nanos / 1000));
        flushIfFull(4);
        buffer[used++] = '.';
        buffer[used++] = (byte) ('0' + fraction / 100);
        buffer[used++] = (byte) ('0' + fraction / 10 % 10);
        buffer[used++] = (byte) ('0' + fraction % 10);
        return this;
    }

    /** What is buffered goes to the stream. */
    void flush() throws IOException {
        out.write(buffer, 0, used);
        used = 0;
        out.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            out.close();
        }
    }

    private void flushIfFull(int bytes) throws IOException {
        if (used + bytes > buffer.length) {
            out.write(buffer, 0, used);
            used = 0;
        }
    }
}
