package mse.emulator.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OTF2 archive read back with the reference reader, otf2-print (tests only): its locations and its events, and the
 * checks every archive of a run must pass against the run's timeline.json: the same ranks, an Enter and a Leave per
 * span (and per stretch of the critical path, and per MPI call), an MpiSend (or MpiIsend) and an MpiRecv (or MpiIrecv)
 * per message, a collective's begin and end in each blocking collective call, a request in each nonblocking one, every
 * receive request's completion after its start, every region left after it is entered (the critical path's stretches enclose the spans within them), time never going back on a
 * location, and the last event at the run's predicted end.
 */
public record Otf2Print(List<String> locations, List<Event> events, List<String> definitions) {

    /** One event line: its kind (ENTER, LEAVE, MPI_SEND, ...), location, timestamp and attributes as printed. */
    public record Event(String kind, int location, long time, String attributes) {

        private static final Pattern REGION = Pattern.compile("Region: \"([^\"]*)\"");

        /** The region an Enter or a Leave names. */
        public String region() {
            Matcher m = REGION.matcher(attributes);
            return m.find() ? m.group(1) : null;
        }
    }

    private static final Pattern COLLECTIVE = Pattern.compile(
            "MPI_(Barrier|Bcast|Gather|Gatherv|Scatter|Scatterv|Allgather|Allgatherv|Alltoall|Reduce|Allreduce|Alltoallv|Alltoallw"
            + "|Reduce_scatter|Reduce_scatter_block|Scan|Exscan)");
    private static final Pattern NONBLOCKING_COLLECTIVE = Pattern.compile(
            "MPI_I(barrier|bcast|gather|gatherv|scatter|scatterv|allgather|allgatherv|alltoall|reduce|allreduce|alltoallv|alltoallw"
            + "|reduce_scatter|reduce_scatter_block|scan|exscan)");
    private static final Pattern REQUEST = Pattern.compile("Request: (\\d+)$");
    private static final Pattern EVENT = Pattern.compile("^([A-Z_]+)\\s+(\\d+)\\s+(\\d+)\\s*(.*)$");
    private static final Pattern LOCATION = Pattern.compile("^LOCATION\\s+(\\d+)\\s+Name: \"([^\"]*)\"");

    /** Reads `archive` (its traces.otf2) with otf2-print: the events, then the global definitions (-G). */
    public static Otf2Print read(Path archive) throws IOException, InterruptedException {
        List<Event> events = new ArrayList<>();
        for (String line : print(archive, false)) {
            Matcher m = EVENT.matcher(line);
            if (m.matches()) {
                events.add(new Event(m.group(1), Integer.parseInt(m.group(2)), Long.parseLong(m.group(3)), m.group(4)));
            }
        }
        List<String> locations = new ArrayList<>();
        List<String> definitions = print(archive, true);
        for (String line : definitions) {
            Matcher m = LOCATION.matcher(line);
            if (m.find()) {
                assertEquals(locations.size(), Integer.parseInt(m.group(1)), "locations are the ranks in order");
                locations.add(m.group(2));
            }
        }
        return new Otf2Print(locations, events, definitions);
    }

    private static List<String> print(Path archive, boolean definitions) throws IOException, InterruptedException {
        Path out = Files.createTempFile("otf2-print", ".txt");
        try {
            List<String> command = definitions ? List.of("otf2-print", "-G", archive.toString()) : List.of("otf2-print", archive.toString());
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertTrue(process.waitFor(5, TimeUnit.MINUTES), "otf2-print finished");
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), () -> "otf2-print " + archive + ": " + String.join("\n", lines));
            return lines;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** The global definitions of one kind (COMM, GROUP, REGION, ...) as otf2-print -G prints them, runs of spaces as one. */
    public List<String> definitions(String kind) {
        return definitions.stream().filter(line -> line.startsWith(kind + " ")).map(line -> line.replaceAll(" +", " ").strip()).toList();
    }

    /** The Enters of the critical path's region, one per stretch of it (an emulated run's archive marks it). */
    public List<Event> criticalPath() {
        return events.stream().filter(e -> e.kind().equals("ENTER") && "critical path".equals(e.region())).toList();
    }

    /** The Enters of the MPI calls' regions (named MPI_...), in order. */
    public List<Event> calls() {
        return events.stream().filter(e -> e.kind().equals("ENTER") && e.region() != null && e.region().startsWith("MPI_")).toList();
    }

    /** How many times each MPI call was entered, by name. */
    public Map<String, Long> callCounts() {
        Map<String, Long> counts = new java.util.TreeMap<>();
        calls().forEach(e -> counts.merge(e.region(), 1L, Long::sum));
        return counts;
    }

    public long count(String kind) {
        return events.stream().filter(e -> e.kind().equals(kind)).count();
    }

    /**
     * The checks of every archive against its run's timeline.json: a location per rank named there, the spans and
     * messages it holds, proper nesting and order on every location, the last event at `predictedNanos`.
     */
    public void matches(TraceFile timeline, long predictedNanos) {
        long ranks = timeline.phase("M").stream().filter(e -> "thread_name".equals(e.get("name"))).count();
        assertEquals(ranks, locations.size(), "a location per rank");
        List<TraceFile.Span> spans = timeline.spans();
        long flows = timeline.phase("s").size();
        assertEquals(spans.size() + ranks + criticalPath().size() + calls().size(), count("ENTER"),
                "an Enter per span, each rank's program, each stretch of the critical path and each MPI call");
        assertEquals(count("ENTER"), count("LEAVE"), "a Leave per Enter");
        assertEquals(flows, count("MPI_SEND") + count("MPI_ISEND"), "an MpiSend or MpiIsend per message");
        assertEquals(count("MPI_ISEND"), count("MPI_ISEND_COMPLETE"), "each MpiIsend completed");
        assertEquals(flows, count("MPI_RECV") + count("MPI_IRECV"), "an MpiRecv or MpiIrecv per message");
        assertTrue(count("MPI_IRECV") + count("MPI_REQUEST_CANCELLED") <= count("MPI_IRECV_REQUEST"), "each MpiIrecv requested");
        long collectives = calls().stream().filter(e -> COLLECTIVE.matcher(e.region()).matches()).count();
        assertEquals(collectives, count("MPI_COLLECTIVE_BEGIN"), "a collective's begin per blocking collective call");
        assertEquals(collectives, count("MPI_COLLECTIVE_END"), "a collective's end per blocking collective call");
        long nonblocking = calls().stream().filter(e -> NONBLOCKING_COLLECTIVE.matcher(e.region()).matches()).count();
        assertEquals(nonblocking, count("NON_BLOCKING_COLLECTIVE_REQUEST"), "a request per nonblocking collective call");
        assertTrue(count("NON_BLOCKING_COLLECTIVE_COMPLETE") <= nonblocking, "each completed nonblocking collective requested");
        checkRequests();
        for (String region : List.of("compute", "send", "recv")) {
            assertEquals(spans.stream().filter(s -> s.name().equals(region)).count(),
                    events.stream().filter(e -> e.kind().equals("ENTER") && region.equals(e.region())).count(), region + " spans");
        }
        checkOrder();
        assertEquals(predictedNanos, events.stream().mapToLong(Event::time).max().orElseThrow(), "the last event at the predicted end");
    }

    /** The number of the request an event names (its last attribute), or -1. */
    public static long request(Event e) {
        Matcher m = REQUEST.matcher(e.attributes());
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /**
     * Per location: every request the ranks numbered (a receive's or a nonblocking collective's) completes once at most,
     * after it was requested, as a request of the same kind.
     */
    public void checkRequests() {
        Map<Integer, Map<Long, String>> open = new HashMap<>();
        for (Event e : events) {
            Map<Long, String> requested = open.computeIfAbsent(e.location(), l -> new HashMap<>());
            switch (e.kind()) {
                case "MPI_IRECV_REQUEST", "NON_BLOCKING_COLLECTIVE_REQUEST" ->
                        assertEquals(null, requested.put(request(e), e.kind()), () -> "a request numbered twice: " + e);
                case "MPI_IRECV", "MPI_REQUEST_CANCELLED" ->
                        assertEquals("MPI_IRECV_REQUEST", requested.remove(request(e)), () -> "a receive's completion without its request: " + e);
                case "NON_BLOCKING_COLLECTIVE_COMPLETE" -> assertEquals("NON_BLOCKING_COLLECTIVE_REQUEST", requested.remove(request(e)),
                        () -> "a collective's completion without its request: " + e);
                default -> { }
            }
        }
    }

    /** Per location: time never goes back, every Leave closes the region entered last, and nothing is left open. */
    public void checkOrder() {
        Map<Integer, Deque<String>> open = new HashMap<>();
        Map<Integer, Long> last = new HashMap<>();
        for (Event e : events) {
            long before = last.getOrDefault(e.location(), 0L);
            assertTrue(e.time() >= before, () -> "time goes back on location " + e.location() + " at " + e);
            last.put(e.location(), e.time());
            Deque<String> stack = open.computeIfAbsent(e.location(), l -> new ArrayDeque<>());
            if (e.kind().equals("ENTER")) {
                stack.push(e.region());
            } else if (e.kind().equals("LEAVE")) {
                assertFalse(stack.isEmpty(), () -> "a Leave with nothing entered: " + e);
                assertEquals(stack.pop(), e.region(), () -> "a Leave of another region than the last entered: " + e);
            }
        }
        open.forEach((location, stack) -> assertTrue(stack.isEmpty(), "regions left open on location " + location + ": " + stack));
    }
}
