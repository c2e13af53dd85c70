package mse.emulator.timeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import mse.emulator.kernel.Charge;

/**
 * The Chrome trace event format (the JSON object form that Perfetto and chrome://tracing open), streamed
 * so a run of millions of events never sits in memory; the events are written byte by byte ({@link JsonBytes}).
 * Times are virtual nanoseconds written as microseconds with three exact decimals (the format's unit), so spans
 * that touch in nanoseconds touch in the file too. A host is a process (pid), a rank a thread (tid = rank).
 */
final class ChromeTrace implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final JsonBytes json;
    /** No event written yet: the next one needs no separating comma. */
    private boolean first = true;

    ChromeTrace(OutputStream out) throws IOException {
        json = new JsonBytes(out);
        json.ascii("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
    }

    /** A complete event (ph X) named compute, send or recv, with what it was about as args. */
    void span(int pid, Charge c) throws IOException {
        begin("X", c.kind().label(), "mse", pid, c.rank(), c.startNanos());
        json.ascii(",\"dur\":").micros(c.durationNanos()).ascii(",\"args\":{");
        if (c.task() != Charge.NONE) {
            json.ascii("\"task\":").number(c.task());
        }
        if (c.peer() != Charge.NONE) {
            json.ascii(c.task() != Charge.NONE ? "," : "").ascii(c.kind() == Charge.Kind.SEND ? "\"to\":" : "\"from\":").number(c.peer())
                    .ascii(",\"tag\":").number(c.tag()).ascii(",\"bytes\":").number(c.bytes());
        }
        json.ascii("}}");
    }

    /** A message as a flow arrow: it leaves the sender's send span and enters the receiver's recv span. */
    void flow(int sourcePid, int source, long sendNanos, int destinationPid, int destination, long receiveNanos, long id)
            throws IOException {
        begin("s", "message", "message", sourcePid, source, sendNanos);
        json.ascii(",\"id\":").number(id).ascii("}");
        begin("f", "message", "message", destinationPid, destination, receiveNanos);
        json.ascii(",\"id\":").number(id).ascii(",\"bp\":\"e\"}"); // bind to the enclosing recv span, not the next one
    }

    /** A counter track's value from this time on (ph C). */
    void counter(int pid, String name, long nanos, String series, long value) throws IOException {
        begin("C", name, "queue", pid, 0, nanos);
        json.ascii(",\"args\":{").string(series).ascii(":").number(value).ascii("}}");
    }

    /** A moment on a rank's track (ph i, thread scope), such as a DY split or merge. */
    void instant(int pid, int rank, String name, long nanos, Object args) throws IOException {
        begin("i", name, "masters", pid, rank, nanos);
        json.ascii(",\"s\":\"t\",\"args\":").value(args).ascii("}");
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

    private void begin(String phase, String name, String category, int pid, int tid, long nanos) throws IOException {
        separate();
        json.ascii("{\"ph\":").string(phase).ascii(",\"name\":").string(name).ascii(",\"cat\":").string(category)
                .ascii(",\"pid\":").number(pid).ascii(",\"tid\":").number(tid).ascii(",\"ts\":").micros(nanos);
    }

    /** The comma between two events of the array. */
    private void separate() throws IOException {
        if (!first) {
            json.ascii(",");
        }
        first = false;
    }
}
