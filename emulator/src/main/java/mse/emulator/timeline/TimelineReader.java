package mse.emulator.timeline;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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

    private static final JsonFactory JSON = new JsonFactory();

    /** One complete event: rank `rank` was busy with `name` from startNanos to endNanos. */
    public record Span(int rank, String name, long startNanos, long endNanos) {}

    private TimelineReader() {
    }

    /** The spans among the first `maxEvents` trace events of the file (Long.MAX_VALUE: all of them). */
    public static List<Span> spans(Path file, long maxEvents) throws IOException {
        List<Span> spans = new ArrayList<>();
        try (JsonParser json = JSON.createParser(file.toFile())) {
            seekEvents(json, file);
            long seen = 0;
            while (seen++ < maxEvents && json.nextToken() == JsonToken.START_OBJECT) {
                Span span = span(json, file);
                if (span != null) {
                    spans.add(span);
                }
            }
        }
        return spans;
    }

    /**
     * One event, the parser on its START_OBJECT: the span of a complete event (ph X), null for any other event.
     * Token by token, not as trees: building a tree per event took the Gantt chart's reading of its events several
     * times as long, a visible share of an emulated command's report.
     */
    private static Span span(JsonParser json, Path file) throws IOException {
        String phase = null;
        String name = null;
        Integer rank = null;
        Long start = null;
        Long duration = null;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            json.nextToken();
            switch (field) {
                case "ph" -> phase = json.getText();
                case "name" -> name = json.getText();
                case "tid" -> rank = json.getIntValue();
                case "ts" -> start = nanos(json);
                case "dur" -> duration = nanos(json);
                default -> json.skipChildren();
            }
        }
        if (!"X".equals(phase)) {
            return null;
        }
        if (name == null || rank == null || start == null || duration == null) {
            throw new IOException(file + ": a complete event (ph X) without name, tid, ts or dur, before byte "
                    + json.currentLocation().getByteOffset());
        }
        return new Span(rank, name, start, start + duration);
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
    private static long nanos(JsonParser json) throws IOException {
        return new BigDecimal(json.getText()).movePointRight(3).longValueExact();
    }
}
