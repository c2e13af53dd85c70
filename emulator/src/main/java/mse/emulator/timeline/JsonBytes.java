package mse.emulator.timeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Compact JSON written byte by byte into a buffer of its own, for the timeline's hundreds of thousands of events
 *: Jackson's generator checks its context and escapes every string on every call, which took most of a
 * 600,000-event timeline's time in predict's C1-compiled JVM. It writes what Jackson writes for the same values
 * (the file is unchanged); strings that need escaping and whole values (records, maps) go through Jackson itself.
 */
final class JsonBytes implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final byte[] QUOTE = asciiBytes("\"");

    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int used;

    JsonBytes(OutputStream out) {
        this.out = out;
    }

    /** Characters that are their own bytes in JSON (printable ASCII, no quote, no backslash): a key or a fixed token. */
    JsonBytes ascii(String text) throws IOException {
        return raw(text.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Bytes already encoded: a fixed token made once ({@link #asciiBytes}), copied whole (issue
     * 45: C1's String.charAt per character was the largest single cost of a 400,000-event timeline).
     */
    JsonBytes raw(byte[] bytes) throws IOException {
        flushIfFull(bytes.length);
        if (bytes.length > buffer.length) {
            out.write(bytes);
        } else {
            System.arraycopy(bytes, 0, buffer, used, bytes.length);
            used += bytes.length;
        }
        return this;
    }

    /** A fixed token's bytes, for {@link #raw}. */
    static byte[] asciiBytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** A JSON string value, quoted; escaped by Jackson where it holds anything but plain printable ASCII. */
    JsonBytes string(String text) throws IOException {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                return value(text);
            }
        }
        return raw(QUOTE).ascii(text).raw(QUOTE);
    }

    /** Any value as Jackson's ObjectMapper writes it (a record's keys, a map, a string, a number). */
    JsonBytes value(Object value) throws IOException {
        byte[] bytes;
        try {
            bytes = MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IOException("cannot encode " + value.getClass().getSimpleName() + " in the timeline: " + e.getMessage(), e);
        }
        return raw(bytes);
    }

    /**
     * A whole number in decimal, as Jackson writes a long: two digits per division (predict's JVM runs C1, which
     * divides by 10 with a division instruction), and in int arithmetic where the number fits.
     */
    JsonBytes number(long value) throws IOException {
        flushIfFull(20);
        if (value == Long.MIN_VALUE) {
            return ascii(Long.toString(value));
        }
        if (value < 0) {
            buffer[used++] = '-';
            value = -value;
        }
        used += length(value);
        int at = used;
        while (value > Integer.MAX_VALUE) {
            long rest = value / 100;
            int pair = (int) (value - rest * 100);
            buffer[--at] = ONES[pair];
            buffer[--at] = TENS[pair];
            value = rest;
        }
        int small = (int) value;
        while (small >= 100) {
            int rest = small / 100;
            int pair = small - rest * 100;
            buffer[--at] = ONES[pair];
            buffer[--at] = TENS[pair];
            small = rest;
        }
        if (small >= 10) {
            buffer[--at] = ONES[small];
            buffer[--at] = TENS[small];
        } else {
            buffer[--at] = (byte) ('0' + small);
        }
        return this;
    }

    /** Characters of a number in decimal, its sign included. */
    static int length(long value) {
        if (value < 0) {
            return value == Long.MIN_VALUE ? 20 : 1 + length(-value);
        }
        int digits = 1;
        while (digits < POWERS_OF_TEN.length && value >= POWERS_OF_TEN[digits]) {
            digits++;
        }
        return digits;
    }

    /** 10^i for every i a long holds: a number's digits by comparison, not division. */
    private static final long[] POWERS_OF_TEN = new long[19];
    /** The tens and the ones digit of 0-99. */
    private static final byte[] TENS = new byte[100];
    private static final byte[] ONES = new byte[100];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
        for (int i = 0; i < 100; i++) {
            TENS[i] = (byte) ('0' + i / 10);
            ONES[i] = (byte) ('0' + i % 10);
        }
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
            flushIfFull(1);
            buffer[used++] = '-';
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
