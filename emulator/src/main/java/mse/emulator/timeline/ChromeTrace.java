package mse.emulator.timeline;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import mse.emulator.kernel.Charge;

/**
 * The Chrome trace event format (the JSON object form that Perfetto and chrome://tracing open), streamed
 * with Jackson's JsonGenerator so a run of millions of events never sits in memory. Times are virtual
 * nanoseconds written as microseconds with three exact decimals (the format's unit), so spans that touch in
 * nanoseconds touch in the file too. A host is a process (pid), a rank a thread (tid = rank).
 */
final class ChromeTrace implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final JsonGenerator json;
    /** micros()'s digits, right-aligned: a sign, 17 digits of whole microseconds, a point and three decimals. */
    private final char[] number = new char[24];

    ChromeTrace(OutputStream out) throws IOException {
        json = MAPPER.getFactory().createGenerator(out, JsonEncoding.UTF8);
        json.writeStartObject();
        json.writeStringField("displayTimeUnit", "ns");
        json.writeArrayFieldStart("traceEvents");
    }

    /** A complete event (ph X) named compute, send or recv, with what it was about as args. */
    void span(int pid, Charge c) throws IOException {
        begin("X", c.kind().label(), "mse", pid, c.rank(), c.startNanos());
        json.writeFieldName("dur");
        micros(c.durationNanos());
        json.writeObjectFieldStart("args");
        if (c.task() != Charge.NONE) {
            json.writeNumberField("task", c.task());
        }
        if (c.peer() != Charge.NONE) {
            json.writeNumberField(c.kind() == Charge.Kind.SEND ? "to" : "from", c.peer());
            json.writeNumberField("tag", c.tag());
            json.writeNumberField("bytes", c.bytes());
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    /** A message as a flow arrow: it leaves the sender's send span and enters the receiver's recv span. */
    void flow(int sourcePid, int source, long sendNanos, int destinationPid, int destination, long receiveNanos, long id)
            throws IOException {
        begin("s", "message", "message", sourcePid, source, sendNanos);
        json.writeNumberField("id", id);
        json.writeEndObject();
        begin("f", "message", "message", destinationPid, destination, receiveNanos);
        json.writeNumberField("id", id);
        json.writeStringField("bp", "e"); // bind to the enclosing recv span, not the next one
        json.writeEndObject();
    }

    /** A counter track's value from this time on (ph C). */
    void counter(int pid, String name, long nanos, String series, long value) throws IOException {
        begin("C", name, "queue", pid, 0, nanos);
        json.writeObjectFieldStart("args");
        json.writeNumberField(series, value);
        json.writeEndObject();
        json.writeEndObject();
    }

    /** A moment on a rank's track (ph i, thread scope), such as a DY split or merge. */
    void instant(int pid, int rank, String name, long nanos, Object args) throws IOException {
        begin("i", name, "masters", pid, rank, nanos);
        json.writeStringField("s", "t");
        json.writeFieldName("args");
        MAPPER.writeValue(json, args);
        json.writeEndObject();
    }

    /**
     * Upper bounds on the bytes {@link #span}, {@link #flow} and {@link #counter} write for an entry, its separating
     * comma included, from the digits of its numbers: what auto mode's byte budget counts before anything is
     * encoded. The pid is counted at the most digits an int has, since a host's number is given when it is written.
     */
    static int spanBytesAtMost(Charge c) {
        int args = 0;
        if (c.task() != Charge.NONE) {
            args += "\"task\":".length() + digits(c.task());
        }
        if (c.peer() != Charge.NONE) {
            args += "\"from\":,\"tag\":,\"bytes\":".length() + digits(c.peer()) + digits(c.tag()) + digits(c.bytes());
        }
        return beginBytesAtMost(c.kind().label(), "mse", c.rank(), c.startNanos()) + ",\"dur\":".length() + microsDigits(c.durationNanos())
                + ",\"args\":{}}".length() + args + 1;
    }

    static int flowBytesAtMost(int source, long sendNanos, int destination, long receiveNanos, long id) {
        return beginBytesAtMost("message", "message", source, sendNanos) + beginBytesAtMost("message", "message", destination, receiveNanos)
                + 2 * (",\"id\":}".length() + digits(id)) + ",\"bp\":\"e\"".length() + 2;
    }

    static int counterBytesAtMost(String name, long nanos, String series, long value) {
        return beginBytesAtMost(name, "queue", 0, nanos) + ",\"args\":{\"\":}}".length() + series.length() + digits(value) + 1;
    }

    private static int beginBytesAtMost(String name, String category, int tid, long nanos) {
        return "{\"ph\":\"X\",\"name\":\"\",\"cat\":\"\",\"pid\":,\"tid\":,\"ts\":".length() + name.length() + category.length()
                + digits(Integer.MIN_VALUE) + digits(tid) + microsDigits(nanos);
    }

    /** Characters of micros(nanos): the whole microseconds, and a point and three digits at most. */
    private static int microsDigits(long nanos) {
        return digits(nanos / 1000) + 4;
    }

    /** Characters of a number in decimal, its sign included. */
    private static int digits(long value) {
        if (value < 0) {
            return value == Long.MIN_VALUE ? 20 : 1 + digits(-value);
        }
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        return digits;
    }

    /** Names a process (a host) or a thread (a rank) and fixes their order in the viewer (ph M). */
    void names(int pid, int tid, String processName, String threadName) throws IOException {
        metadataEvent("process_name", pid, tid, "name", processName);
        metadataEvent("process_sort_index", pid, tid, "sort_index", pid);
        metadataEvent("thread_name", pid, tid, "name", threadName);
        metadataEvent("thread_sort_index", pid, tid, "sort_index", tid);
    }

    /**
     * Ends the event array and adds the top-level "metadata" object: the run's description (a record's keys) and,
     * under "timeline", what the timeline holds.
     */
    void finish(Object run, Object timeline) throws IOException {
        json.writeEndArray();
        json.writeFieldName("metadata");
        ObjectNode metadata = MAPPER.valueToTree(run);
        metadata.set("timeline", MAPPER.valueToTree(timeline));
        MAPPER.writeValue(json, metadata);
        json.writeEndObject();
        json.flush();
    }

    @Override
    public void close() throws IOException {
        json.close();
    }

    private void metadataEvent(String name, int pid, int tid, String key, Object value) throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", "M");
        json.writeStringField("name", name);
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
        json.writeObjectFieldStart("args");
        json.writeFieldName(key);
        MAPPER.writeValue(json, value);
        json.writeEndObject();
        json.writeEndObject();
    }

    private void begin(String phase, String name, String category, int pid, int tid, long nanos) throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", phase);
        json.writeStringField("name", name);
        json.writeStringField("cat", category);
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
        json.writeFieldName("ts");
        micros(nanos);
    }

    /**
     * Nanoseconds as exact decimal microseconds: 1234567 ns -> 1234.567, written from a buffer of this trace's own
     * (two numbers an event, a million events a timeline: no string each).
     */
    private void micros(long nanos) throws IOException {
        long whole = nanos / 1000;
        int fraction = (int) (nanos % 1000);
        if (fraction == 0) {
            json.writeNumber(whole);
            return;
        }
        int at = number.length;
        number[--at] = (char) ('0' + fraction % 10);
        number[--at] = (char) ('0' + fraction / 10 % 10);
        number[--at] = (char) ('0' + fraction / 100);
        number[--at] = '.';
        long rest = Math.abs(whole);
        do {
            number[--at] = (char) ('0' + rest % 10);
            rest /= 10;
        } while (rest > 0);
        if (nanos < 0) {
            number[--at] = '-';
        }
        json.writeNumber(number, at, number.length - at);
    }
}
