package mse.emulator.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The timeline's own number encoding writes what Long.toString and exact decimal microseconds write, at every width. */
class JsonBytesTest {

    private interface Write {
        void to(JsonBytes json) throws IOException;
    }

    private static String written(Write write) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonBytes json = new JsonBytes(out)) {
            write.to(json);
        }
        return out.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void numbersAndMicrosecondsOfEveryWidth() throws IOException {
        SplittableRandom random = new SplittableRandom(45);
        long[] edges = {0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE,
            Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, -10, -1000, -1001};
        for (int i = 0; i < 20_000; i++) {
            long value = i < edges.length ? edges[i] : random.nextLong() >> random.nextInt(64);
            if (i >= edges.length && i % 3 == 0) {
                long power = (long) Math.pow(10, random.nextInt(19));
                value = power + random.nextInt(-2, 3); // around a change of width
            }
            long v = value;
            assertEquals(Long.toString(v), written(json -> json.number(v)), "number " + v);
            assertEquals(Long.toString(v).length(), JsonBytes.length(v), "length " + v);
            String micros = v % 1000 == 0 ? Long.toString(v / 1000) : BigDecimal.valueOf(v, 3).toPlainString(); // three decimals or none
            assertEquals(micros, written(json -> json.micros(v)), "micros " + v);
        }
    }

    @Test
    void tokensLongerThanTheBufferAndManyNumbersInARow() throws IOException {
        String token = "x".repeat(70_000);
        StringBuilder expected = new StringBuilder(token);
        for (int i = 0; i < 30_000; i++) {
            expected.append(i * 7919L).append(',');
        }
        assertEquals(expected.toString(), written(json -> {
            json.ascii(token);
            for (int i = 0; i < 30_000; i++) {
                json.number(i * 7919L).raw(JsonBytes.asciiBytes(","));
            }
        }));
    }
}
