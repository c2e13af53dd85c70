package mse.emulator.timeline;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** A timeline.json read back whole (tests only), with its times as exact nanoseconds. */
public record TraceFile(Map<String, Object> root, List<Map<String, Object>> events) {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** A complete event (ph X) on rank tid. */
    public record Span(int pid, int rank, String name, long startNanos, long endNanos) {}

    @SuppressWarnings("unchecked")
    public static TraceFile read(Path file) throws IOException {
        Map<String, Object> root = MAPPER.readValue(file.toFile(), Map.class);
        return new TraceFile(root, (List<Map<String, Object>>) root.get("traceEvents"));
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> metadata() {
        return (Map<String, Object>) root.get("metadata");
    }

    public List<Map<String, Object>> phase(String ph) {
        return events.stream().filter(e -> ph.equals(e.get("ph"))).toList();
    }

    /** Every span, by rank then start. */
    public List<Span> spans() {
        List<Span> spans = new ArrayList<>();
        for (Map<String, Object> e : phase("X")) {
            long start = nanos(e.get("ts"));
            spans.add(new Span(integer(e.get("pid")), integer(e.get("tid")), (String) e.get("name"), start, start + nanos(e.get("dur"))));
        }
        spans.sort(Comparator.comparingInt(Span::rank).thenComparingLong(Span::startNanos));
        return spans;
    }

    public static long nanos(Object micros) {
        return new BigDecimal(micros.toString()).movePointRight(3).longValueExact();
    }

    public static int integer(Object value) {
        return ((Number) value).intValue();
    }
}
