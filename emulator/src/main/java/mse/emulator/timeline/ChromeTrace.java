package mse.emulator.timeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import mse.emulator.kernel.Charge;

/**
 * The Chrome trace event format (the JSON object form that Perfetto and chrome://tracing open), streamed
 * so a run of millions of events never sits in memory; the events are written byte by byte ({@link JsonBytes}).
 * Times are virtual nanoseconds written as microseconds with three exact decimals (the format's unit), so spans
 * that touch in nanoseconds touch in the file too. A host is a process (pid), a rank a thread (tid = rank).
 */
final class ChromeTrace implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * The fixed parts of the events, encoded once (a large farm's timeline holds hundreds of thousands of events): an event's head
     * up to its pid, by span kind, for the two ends of a flow; a counter's by track name, made at its first step.
     */
    private static final byte[][] SPAN_HEADS = new byte[Charge.Kind.values().length][];
    private static final byte[] FLOW_START_HEAD = head("s", "message", "message");
    private static final byte[] FLOW_END_HEAD = head("f", "message", "message");
    private static final byte[] TID = JsonBytes.asciiBytes(",\"tid\":");
    private static final byte[] TS = JsonBytes.asciiBytes(",\"ts\":");
    private static final byte[] DUR = JsonBytes.asciiBytes(",\"dur\":");
    private static final byte[] ARGS = JsonBytes.asciiBytes(",\"args\":{");
    private static final byte[] TASK = JsonBytes.asciiBytes("\"task\":");
    private static final byte[] TO = JsonBytes.asciiBytes("\"to\":");
    private static final byte[] FROM = JsonBytes.asciiBytes("\"from\":");
    private static final byte[] TAG = JsonBytes.asciiBytes(",\"tag\":");
    private static final byte[] BYTES = JsonBytes.asciiBytes(",\"bytes\":");
    private static final byte[] ID = JsonBytes.asciiBytes(",\"id\":");
    private static final byte[] BIND_ENCLOSING = JsonBytes.asciiBytes(",\"bp\":\"e\"}");
    private static final byte[] COMMA = JsonBytes.asciiBytes(",");
    private static final byte[] COLON = JsonBytes.asciiBytes(":");
    private static final byte[] END = JsonBytes.asciiBytes("}");
    private static final byte[] END_ARGS = JsonBytes.asciiBytes("}}");

    static {
        for (Charge.Kind kind : Charge.Kind.values()) {
            SPAN_HEADS[kind.ordinal()] = head("X", kind.label(), "mse");
        }
    }

    private final JsonBytes json;
    /** Counter tracks' heads by name (a few masters'). */
    private final Map<String, byte[]> counterHeads = new HashMap<>();
    /** No event written yet: the next one needs no separating comma. */
    private boolean first = true;

    ChromeTrace(OutputStream out) throws IOException {
        json = new JsonBytes(out);
        json.ascii("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
    }

    /** A complete event (ph X) named compute, send or recv, with what it was about as args. */
    void span(int pid, Charge c) throws IOException {
        begin(SPAN_HEADS[c.kind().ordinal()], pid, c.rank(), c.startNanos());
        json.raw(DUR).micros(c.durationNanos()).raw(ARGS);
        if (c.task() != Charge.NONE) {
            json.raw(TASK).number(c.task());
        }
        if (c.peer() != Charge.NONE) {
            if (c.task() != Charge.NONE) {
                json.raw(COMMA);
            }
            json.raw(c.kind() == Charge.Kind.SEND ? TO : FROM).number(c.peer()).raw(TAG).number(c.tag()).raw(BYTES).number(c.bytes());
        }
        json.raw(END_ARGS);
    }

    /** A message as a flow arrow: it leaves the sender's send span and enters the receiver's recv span. */
    void flow(int sourcePid, int source, long sendNanos, int destinationPid, int destination, long receiveNanos, long id)
            throws IOException {
        begin(FLOW_START_HEAD, sourcePid, source, sendNanos);
        json.raw(ID).number(id).raw(END);
        begin(FLOW_END_HEAD, destinationPid, destination, receiveNanos);
        json.raw(ID).number(id).raw(BIND_ENCLOSING); // bind to the enclosing recv span, not the next one
    }

    /** A counter track's value from this time on (ph C). */
    void counter(int pid, String name, long nanos, String series, long value) throws IOException {
        begin(counterHeads.computeIfAbsent(name, n -> head("C", n, "queue")), pid, 0, nanos);
        json.raw(ARGS).string(series).raw(COLON).number(value).raw(END_ARGS);
    }

    /** A moment on a rank's track (ph i, thread scope), such as a DY split or merge. */
    void instant(int pid, int rank, String name, long nanos, Object args) throws IOException {
        begin(head("i", name, "masters"), pid, rank, nanos);
        json.ascii(",\"s\":\"t\",\"args\":").value(args).raw(END);
    }

    /**
     * Upper bounds on the bytes {@link #span}, {@link #flow} and {@link #counter} write for an entry, its separating
     * comma included, from the digits of its numbers: what auto mode's byte budget counts before anything is
     * encoded. The pid is counted at the most digits an int has, since a host's number is given when it is written.
     */
    static int spanBytesAtMost(Charge c) {
        int args = 0;
        if (c.task() != Charge.NONE) {
            args += TASK_BYTES + JsonBytes.length(c.task());
        }
        if (c.peer() != Charge.NONE) {
            args += PEER_BYTES + JsonBytes.length(c.peer()) + JsonBytes.length(c.tag()) + JsonBytes.length(c.bytes());
        }
        return SPAN_BYTES[c.kind().ordinal()] + JsonBytes.length(c.rank()) + microsDigits(c.startNanos()) + microsDigits(c.durationNanos())
                + args;
    }

    static int flowBytesAtMost(int source, long sendNanos, int destination, long receiveNanos, long id) {
        return FLOW_BYTES + JsonBytes.length(source) + microsDigits(sendNanos) + JsonBytes.length(destination) + microsDigits(receiveNanos)
                + 2 * JsonBytes.length(id);
    }

    static int counterBytesAtMost(String name, long nanos, String series, long value) {
        return beginBytesAtMost(name, "queue", 0, nanos) + ",\"args\":{\"\":}}".length() + series.length() + JsonBytes.length(value) + 1;
    }

    /** The bound's parts that do not depend on an entry's numbers: a span's by kind, a flow's, a task's, a message's. */
    private static final int[] SPAN_BYTES = new int[Charge.Kind.values().length];
    private static final int FLOW_BYTES = 2 * beginFixedBytes("message", "message") + 2 * ",\"id\":}".length() + ",\"bp\":\"e\"".length() + 2;
    private static final int TASK_BYTES = "\"task\":".length();
    private static final int PEER_BYTES = "\"from\":,\"tag\":,\"bytes\":".length();

    static {
        for (Charge.Kind kind : Charge.Kind.values()) {
            SPAN_BYTES[kind.ordinal()] = beginFixedBytes(kind.label(), "mse") + ",\"dur\":".length() + ",\"args\":{}}".length() + 1;
        }
    }

    private static int beginBytesAtMost(String name, String category, int tid, long nanos) {
        return beginFixedBytes(name, category) + JsonBytes.length(tid) + microsDigits(nanos);
    }

    /** An event's beginning but its tid and ts: the keys, its phase, name and category, the pid at its widest. */
    private static int beginFixedBytes(String name, String category) {
        return "{\"ph\":\"X\",\"name\":\"\",\"cat\":\"\",\"pid\":,\"tid\":,\"ts\":".length() + name.length() + category.length()
                + JsonBytes.length(Integer.MIN_VALUE);
    }

    /** Characters of micros(nanos): the whole microseconds, and a point and three digits at most. */
    private static int microsDigits(long nanos) {
        return JsonBytes.length(nanos / 1000) + 4;
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
        ObjectNode metadata = MAPPER.valueToTree(run);
        metadata.set("timeline", MAPPER.valueToTree(timeline));
        json.ascii("],\"metadata\":").value(metadata).ascii("}");
        json.flush();
    }

    @Override
    public void close() throws IOException {
        json.close();
    }

    private void metadataEvent(String name, int pid, int tid, String key, Object value) throws IOException {
        separate();
        json.ascii("{\"ph\":\"M\",\"name\":").string(name).ascii(",\"pid\":").number(pid).ascii(",\"tid\":").number(tid)
                .ascii(",\"args\":{").string(key).ascii(":").value(value).ascii("}}");
    }

    /** An event up to its time: the separating comma, its head (phase, name, category, "pid" key), pid, tid and ts. */
    private void begin(byte[] head, int pid, int tid, long nanos) throws IOException {
        separate();
        json.raw(head).number(pid).raw(TID).number(tid).raw(TS).micros(nanos);
    }

    /** An event's head up to its pid's value, as {@link #begin} writes it. */
    private static byte[] head(String phase, String name, String category) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonBytes head = new JsonBytes(bytes)) {
            head.ascii("{\"ph\":").string(phase).ascii(",\"name\":").string(name).ascii(",\"cat\":").string(category).ascii(",\"pid\":");
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a stream in memory does not fail
        }
        return bytes.toByteArray();
    }

    /** The comma between two events of the array. */
    private void separate() throws IOException {
        if (!first) {
            json.raw(COMMA);
        }
        first = false;
    }
}
