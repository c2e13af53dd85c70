package mse.emulator.timeline;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the spans (compute, send, recv) back from a timeline.json, streaming, and only its first events when
 * asked: the writer emits events in about virtual-time order, so the start of a run is at the start of the
 * file, whatever its size (the report's Gantt chart needs no more).
 */
public final class TimelineReader {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** One complete event: rank `rank` was busy with `name` from startNanos to endNanos. */
    public record Span(int rank, String name, long startNanos, long endNanos) {}

    private TimelineReader() {
    }

    /** The spans among the first `maxEvents` trace events of the file (Long.MAX_VALUE: all of them). */
    public static List<Span> spans(Path file, long maxEvents) throws IOException {
        List<Span> spans = new ArrayList<>();
        try (JsonParser json = MAPPER.getFactory().createParser(file.toFile())) {
            seekEvents(json, file);
            long seen = 0;
            while (seen++ < maxEvents && json.nextToken() == JsonToken.START_OBJECT) {
                JsonNode event = json.readValueAsTree();
                if ("X".equals(event.path("ph").asText())) {
                    long start = nanos(event.get("ts"));
                    spans.add(new Span(event.get("tid").asInt(), event.get("name").asText(), start, start + nanos(event.get("dur"))));
                }
            }
        }
        return spans;
    }

    private static void seekEvents(JsonParser json, Path file) throws IOException {
        if (json.nextToken() != JsonToken.START_OBJECT) {
            throw new IOException(file + ": not a Chrome trace (no JSON object)");
        }
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            if ("traceEvents".equals(json.currentName())) {
                if (json.nextToken() != JsonToken.START_ARRAY) {
                    throw new IOException(file + ": traceEvents is not an array");
                }
                return;
            }
            json.nextToken();
            json.skipChildren();
        }
        throw new IOException(file + ": no traceEvents");
    }

    /** Microseconds with up to three decimals, back to exact nanoseconds. */
    private static long nanos(JsonNode micros) {
        return new BigDecimal(micros.asText()).movePointRight(3).longValueExact();
    }
}
