package mse.emulator.timeline;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import mse.emulator.analysis.PathStretch;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankFact;

/**
 * Turns what the kernel (or the simulator) charges into timeline.json, a Chrome trace (see {@link ChromeTrace}):
 * one process per host, one track per rank with its compute, send and recv spans (idle time is the gaps), a
 * flow arrow per message from its send to its receive, each master's queue length as a counter track, and
 * instants (DY splits and merges) added at the end with the run's inputs as metadata. In format otf2 or both the
 * same spans and messages (the events auto mode keeps) also go to an OTF2 archive ({@link Otf2Archive}).
 *
 * <p>Events go to a partial file, and {@link #finish} renames it into place, so a failed run leaves no timeline.
 * In full mode they stream to it as they are decided, so memory stays bounded however long the run. In auto mode,
 * once the slaves' events pass a first window the rest go to a ring of the last window; what falls out of the
 * ring is counted and named in the metadata. Auto mode holds its first windows too and encodes everything when
 * the run ends: live, the kernel's observer runs on the emulator's gateway thread, where encoding JSON while the
 * ranks run cost a tenth of a 1-point run's wall time (docs/measurements/emulation-cost.md), and what auto mode keeps is bounded
 * anyway (four windows). Master events
 * (their spans, queue counters, and messages between masters) have windows of their own, large enough that
 * they are kept whole in any run of up to some 100,000 tasks: they show the bottleneck; instants are always
 * kept. Not thread-safe: one kernel feeds it, then one caller finishes it.
 */
public final class TimelineWriter implements KernelObserver {

    /**
     * Auto mode's bound on the trace events: two windows of slave entries and two of master entries, an eighth
     * each, an entry being at most two events (a flow).
     */
    public static final int AUTO_LIMIT_EVENTS = 1_000_000;
    static final int WINDOW_ENTRIES = AUTO_LIMIT_EVENTS / 8;
    /**
     * Auto mode's bound on the file, 50 MB (the event bound alone let a large point's file grow past it, and a sweep's
     * several points many times over): the four windows share all of it but 2 MB, which hold the names, metadata and instants (DY's
     * splits and merges, a few hundred bytes each). The windows count each entry's upper bound
     * ({@link ChromeTrace#spanBytesAtMost} and the others), so what they keep never exceeds their share.
     */
    public static final long AUTO_LIMIT_BYTES = 50_000_000;
    static final long WINDOW_BYTES = (AUTO_LIMIT_BYTES - 2_000_000) / 4;
    /**
     * The events at the start of the file whose spans {@link #head} gives (the report's Gantt chart draws from them):
     * the spans {@link TimelineReader#spans} reads from the file's first HEAD_EVENTS events.
     */
    public static final long HEAD_EVENTS = 50_000;

    private final Path target;
    private final Path partial;
    private final TimelineMode mode;
    private final IntFunction<String> hostOfRank;
    private final Map<String, Integer> pidOfHost = new LinkedHashMap<>();
    private final Map<Integer, Integer> pidOfRank = new TreeMap<>();
    /** pidOfRank by index, 0 where not asked yet: looked up twice per event. */
    private int[] pidByRank = new int[64];
    private final BitSet masters = new BitSet();
    private final Map<Integer, QueueLength> queues = new HashMap<>();
    private final Map<Integer, String> queueNames = new HashMap<>();
    private final KeptWindows slaveWindows;
    private final Consumer<Object> drop = this::drop;
    private final KeptWindows masterWindows;
    /** timeline.json's trace, null in format otf2; the OTF2 archive's events, null in format chrome. */
    private final ChromeTrace trace;
    private final Otf2Archive otf2;
    /** The latest virtual time of any span or message, kept or not: the run's predicted end. */
    private long endNanos;
    /** Auto mode: the entries inside the first windows, in the order they came, written by {@link #finish}. */
    private final List<Object> firstWindows = new ArrayList<>();
    /** The spans among the first HEAD_EVENTS events written, and the future that gets them. */
    private final List<TimelineReader.Span> headSpans = new ArrayList<>();
    private final CompletableFuture<List<TimelineReader.Span>> head = new CompletableFuture<>();
    private long events;
    private long droppedEvents;
    private long droppedFrom = Long.MAX_VALUE;
    private long droppedUntil;
    private IOException failure;
    private boolean closed;
    /** The archive's MPI calls: each rank's call entered and not yet left, the collectives' roots told before they are left. */
    private final Map<Integer, OpenCall> openCalls = new HashMap<>();
    private final Map<Integer, ArrayDeque<RankFact.Collective>> collectives = new HashMap<>();
    /** Calls made of the spans ({@link #deriveCalls}), each rank's last span's end: where its next receive was posted. */
    private boolean derivesCalls;
    private final Map<Integer, Long> lastSpanEnd = new HashMap<>();

    /** A call entered and not yet left, and the requests it started and completed so far. */
    private record OpenCall(String call, long enterNanos, List<RankFact.RequestStarted> started, List<RankFact.RequestCompleted> completed) {
        OpenCall(String call, long enterNanos) {
            this(call, enterNanos, new ArrayList<>(), new ArrayList<>());
        }
    }

    private TimelineWriter(Path target, TimelineMode mode, TimelineFormat format, IntFunction<String> hostOfRank, int slaveWindowEntries,
                           int masterWindowEntries, long windowBytes) throws IOException {
        this.target = target;
        this.slaveWindows = new KeptWindows(slaveWindowEntries, windowBytes, this::bytesAtMost);
        this.masterWindows = new KeptWindows(masterWindowEntries, windowBytes, this::bytesAtMost);
        this.partial = target.resolveSibling("." + target.getFileName() + ".partial");
        this.mode = mode;
        this.hostOfRank = hostOfRank;
        Files.createDirectories(target.toAbsolutePath().getParent());
        this.otf2 = format.writesOtf2() ? Otf2Archive.open(target.resolveSibling(TimelineSetup.OTF2_DIRECTORY)) : null;
        this.trace = format.writesChrome() ? new ChromeTrace(Files.newOutputStream(partial)) : null;
    }

    /** Starts timeline.json at `target` (mode full or auto) for ranks on the hosts hostOfRank names. */
    public static TimelineWriter open(Path target, TimelineMode mode, IntFunction<String> hostOfRank,
                                      Collection<Integer> masters) throws IOException {
        return open(target, mode, TimelineFormat.CHROME, hostOfRank, masters);
    }

    /** The same in `format`: timeline.json at `target`, and or the OTF2 archive in otf2/ beside it. */
    public static TimelineWriter open(Path target, TimelineMode mode, TimelineFormat format, IntFunction<String> hostOfRank,
                                      Collection<Integer> masters) throws IOException {
        return open(target, mode, format, hostOfRank, masters, WINDOW_ENTRIES, WINDOW_ENTRIES, WINDOW_BYTES);
    }

    /** The same with windows of the given numbers of slave and master entries each (tests use small ones). */
    static TimelineWriter open(Path target, TimelineMode mode, IntFunction<String> hostOfRank, Collection<Integer> masters,
                               int slaveWindowEntries, int masterWindowEntries) throws IOException {
        return open(target, mode, hostOfRank, masters, slaveWindowEntries, masterWindowEntries, WINDOW_BYTES);
    }

    /** The same with windows of at most `windowBytes` bytes each too. */
    static TimelineWriter open(Path target, TimelineMode mode, IntFunction<String> hostOfRank, Collection<Integer> masters,
                               int slaveWindowEntries, int masterWindowEntries, long windowBytes) throws IOException {
        return open(target, mode, TimelineFormat.CHROME, hostOfRank, masters, slaveWindowEntries, masterWindowEntries, windowBytes);
    }

    static TimelineWriter open(Path target, TimelineMode mode, TimelineFormat format, IntFunction<String> hostOfRank,
                               Collection<Integer> masters, int slaveWindowEntries, int masterWindowEntries, long windowBytes)
            throws IOException {
        if (mode == TimelineMode.OFF) {
            throw new IllegalArgumentException("no timeline is written in mode off");
        }
        TimelineWriter writer = new TimelineWriter(target, mode, format, hostOfRank, slaveWindowEntries, masterWindowEntries, windowBytes);
        masters.forEach(writer::master);
        return writer;
    }

    /**
     * The spans among the file's first {@link #HEAD_EVENTS} events, as {@link TimelineReader#spans} would read them:
     * done once they are written (during the run in full mode, early in {@link #finish} in auto mode), so a report can
     * draw them while the rest is written; it fails if the timeline is discarded before.
     */
    public CompletableFuture<List<TimelineReader.Span>> head() {
        return head.copy(); // completing the copy leaves the writer's own alone
    }

    /** From now on `rank` is a master: its events are always kept and its queue gets a counter track. */
    public void master(int rank) {
        masters.set(rank);
    }

    @Override
    public void charged(Charge charge) {
        endNanos = Math.max(endNanos, charge.endNanos());
        keep(charge, masters.get(charge.rank()));
        if (derivesCalls && otf2 != null) {
            deriveCall(charge);
        }
    }

    /**
     * The simulator's runs report no calls: the archive then shows the calls of the program it simulates, made of the
     * charges, each send an MPI_Send over its overhead and each receive an MPI_Recv from the rank's previous span's
     * end (where the program posted it) to the end of its overhead (an empty poll's an MPI_Iprobe). Before the run.
     */
    public void deriveCalls() {
        derivesCalls = true;
    }

    private void deriveCall(Charge c) {
        long previousEnd = lastSpanEnd.getOrDefault(c.rank(), 0L);
        lastSpanEnd.put(c.rank(), c.endNanos());
        if (c.kind() == Charge.Kind.SEND) {
            keep(new CallRecord(c.rank(), "MPI_Send", c.startNanos(), c.endNanos()), masters.get(c.rank()));
        } else if (c.kind() == Charge.Kind.RECV) {
            String call = c.peer() == Charge.NONE ? "MPI_Iprobe" : "MPI_Recv";
            keep(new CallRecord(c.rank(), call, c.peer() == Charge.NONE ? c.startNanos() : Math.min(previousEnd, c.startNanos()),
                    c.endNanos()), masters.get(c.rank()));
        }
    }

    @Override
    public void callEntered(int rank, String call, long nanos) {
        if (otf2 != null) {
            openCalls.put(rank, new OpenCall(call, nanos));
        }
    }

    @Override
    public void callLeft(int rank, long nanos) {
        OpenCall open = openCalls.remove(rank);
        if (open == null) {
            return;
        }
        endNanos = Math.max(endNanos, nanos);
        keep(CallRecord.of(rank, open.call(), open.enterNanos(), nanos, describedCollective(rank, open.call()), open.started(),
                open.completed()), masters.get(rank));
    }

    @Override
    public void collectiveCalled(RankFact.Collective call) {
        if (otf2 != null) {
            collectives.computeIfAbsent(call.rank(), r -> new ArrayDeque<>()).add(call);
        }
    }

    /** The rank's collective `call` being left as its Collective fact told it (sent before the call is left), or null. */
    private RankFact.Collective describedCollective(int rank, String call) {
        ArrayDeque<RankFact.Collective> told = collectives.get(rank);
        if (told == null || told.isEmpty() || !told.peek().call().equals(call)) {
            return null;
        }
        return told.poll();
    }

    /** A request the rank started, shown with the call that started it (the rank's call now). */
    @Override
    public void requestStarted(RankFact.RequestStarted request) {
        OpenCall open = openCalls.get(request.rank());
        if (open != null) { // none when no archive is written: calls are kept for it alone
            open.started().add(request);
        }
    }

    /** A request the rank completed, shown with the wait or test that completed it (the rank's call now). */
    @Override
    public void requestCompleted(RankFact.RequestCompleted request) {
        OpenCall open = openCalls.get(request.rank());
        if (open != null) {
            open.completed().add(request);
        }
    }

    /**
     * A rank's place in a communicator it created: the archive's definition of the communicator, named by the call that
     * made it (the rank's call now), written at once (definitions are not events: auto mode's windows keep them all).
     */
    @Override
    public void communicatorJoined(RankFact.CommMember member) {
        if (otf2 != null) {
            OpenCall open = openCalls.get(member.rank());
            guarded(() -> otf2.communicator(member, open == null ? "communicator creation" : open.call()));
        }
    }

    @Override
    public void messageReceived(MessageRecord m) {
        endNanos = Math.max(endNanos, m.receiveEndNanos());
        keep(m, masters.get(m.source()) && masters.get(m.destination()));
        if (masters.get(m.destination())) {
            int master = m.destination();
            queues.computeIfAbsent(master, r -> new QueueLength((nanos, length) -> keep(new QueueStep(r, nanos, length), true)))
                    .arrived(m.arrivalNanos(), m.receiveStartNanos());
        }
    }

    /** Whether the timeline also goes to an OTF2 archive, which can mark the critical path ({@link #markCriticalPath}). */
    public boolean writesOtf2() {
        return otf2 != null;
    }

    /**
     * Marks the run's critical path in the OTF2 archive (a region entered and left on each of its stretches); nothing
     * without one. Before {@link #finish}.
     */
    public void markCriticalPath(List<PathStretch> stretches) {
        if (otf2 != null) {
            for (PathStretch stretch : stretches) {
                guarded(() -> otf2.critical(stretch));
            }
        }
    }

    /**
     * Adds the instants, names the hosts and ranks, writes `metadata` (the run's inputs, a record) with what the
     * timeline holds, and moves the file into place.
     */
    public WrittenTimeline finish(Object metadata, List<TimelineInstant> instants) throws IOException {
        if (closed) {
            throw new IllegalStateException("timeline already finished or discarded");
        }
        queues.values().forEach(QueueLength::finish);
        firstWindows.forEach(this::write);
        firstWindows.clear();
        // a call still open (MPI_Finalize: nothing is heard after Finished) lasts until the run's end
        new TreeMap<>(openCalls).forEach((rank, open) -> write(CallRecord.of(rank, open.call(), open.enterNanos(),
                Math.max(open.enterNanos(), endNanos), describedCollective(rank, open.call()), open.started(), open.completed())));
        openCalls.clear();
        for (TimelineInstant instant : instants) {
            if (trace != null) { // instants (DY's splits and merges) are timeline.json's alone
                guarded(() -> trace.instant(pid(instant.rank()), instant.rank(), instant.name(), instant.nanos(), instant.args()));
            }
            events++;
        }
        slaveWindows.flush(this::write);
        masterWindows.flush(this::write);
        try {
            if (failure != null) {
                throw failure;
            }
            Path archive = otf2 == null ? null : otf2.finish(pidOfHost.keySet(), rankNames(), endNanos);
            if (trace != null) {
                for (Map.Entry<Integer, Integer> rank : new TreeMap<>(pidOfRank).entrySet()) {
                    trace.names(rank.getValue(), rank.getKey(), hostOf(rank.getValue()), rankName(rank.getKey()));
                }
                trace.finish(metadata, description());
                trace.close();
            }
            closed = true;
            if (trace != null) {
                move();
            }
            head.complete(List.copyOf(headSpans)); // a file of fewer events than HEAD_EVENTS
            return new WrittenTimeline(trace == null ? null : target, mode, events, droppedEvents, droppedEvents == 0 ? 0 : droppedFrom,
                    droppedUntil, archive);
        } finally {
            discard();
        }
    }

    /** Each rank's host (numbered from 0 in pid order) and name, by rank. */
    private Map<Integer, Otf2Archive.RankName> rankNames() {
        Map<Integer, Otf2Archive.RankName> names = new TreeMap<>();
        pidOfRank.forEach((rank, pid) -> names.put(rank, new Otf2Archive.RankName(pid - 1, rankName(rank))));
        return names;
    }

    private String rankName(int rank) {
        return "rank " + rank + (masters.get(rank) ? " (master)" : "");
    }

    /** Abandons the timeline (the run failed): the partial file goes, nothing is left half-written. */
    public void discard() {
        head.completeExceptionally(new IOException("the timeline " + target + " was not written"));
        if (otf2 != null) {
            otf2.discard();
        }
        try {
            if (!closed) {
                closed = true;
                if (trace != null) {
                    trace.close();
                }
            }
            Files.deleteIfExists(partial);
        } catch (IOException e) {
            // the run already failed for a better reason; a stray hidden partial file is all that can remain
        }
    }

    private TimelineDescription description() {
        if (mode != TimelineMode.AUTO) {
            return new TimelineDescription(mode.spec(), events, TimelineDescription.TIME_UNIT, null, null, null, null, null, null);
        }
        if (droppedEvents == 0) {
            return new TimelineDescription(mode.spec(), events, TimelineDescription.TIME_UNIT, AUTO_LIMIT_EVENTS, droppedEvents, null, null, null,
                    AUTO_LIMIT_BYTES);
        }
        String kept = "the first and last " + window(slaveWindows) + " of slave spans or messages, and "
                + (masterWindows.droppedAny() ? "the first and last " + window(masterWindows)
                + " of master spans, messages or queue steps" : "every master event");
        return new TimelineDescription(mode.spec(), events, TimelineDescription.TIME_UNIT, AUTO_LIMIT_EVENTS, droppedEvents, kept, droppedFrom / 1e9,
                droppedUntil / 1e9, AUTO_LIMIT_BYTES);
    }

    private static String window(KeptWindows windows) {
        return String.format("%d entries or %,d bytes, whichever is less,", windows.size(), windows.bytes());
    }

    /** An entry's bytes in the file at most (ChromeTrace's bounds). */
    private int bytesAtMost(Object entry) {
        if (entry instanceof Charge c) {
            return ChromeTrace.spanBytesAtMost(c);
        }
        if (entry instanceof CallRecord c) {
            return c.bytesAtMost();
        }
        if (entry instanceof MessageRecord m) {
            return ChromeTrace.flowBytesAtMost(m.source(), m.sendNanos(), m.destination(), m.receiveStartNanos(), m.sequence());
        }
        QueueStep q = (QueueStep) entry;
        return ChromeTrace.counterBytesAtMost(queueName(q.rank()), q.nanos(), QUEUE_SERIES, q.length());
    }

    /**
     * Writes an entry now (full mode), or in auto mode holds it in its first window or for the last window. Master
     * entries have windows of their own, so a run's masters are kept whole unless they alone exceed theirs (a run
     * of many thousand tasks), and the file stays bounded however long the run.
     */
    private void keep(Object entry, boolean master) {
        if (mode == TimelineMode.FULL) {
            write(entry);
        } else if ((master ? masterWindows : slaveWindows).inFirstWindow(entry, drop)) {
            firstWindows.add(entry);
        }
    }

    private void write(Object entry) {
        if (failure != null) {
            return;
        }
        try {
            if (entry instanceof Charge c) {
                int pid = pid(c.rank());
                if (trace != null) {
                    trace.span(pid, c);
                }
                if (otf2 != null) {
                    otf2.span(c);
                }
                if (events < HEAD_EVENTS) {
                    headSpans.add(new TimelineReader.Span(c.rank(), c.kind().label(), c.startNanos(), c.endNanos()));
                }
                events++;
            } else if (entry instanceof MessageRecord m) {
                int sourcePid = pid(m.source());
                int destinationPid = pid(m.destination());
                if (trace != null) {
                    trace.flow(sourcePid, m.source(), m.sendNanos(), destinationPid, m.destination(), m.receiveStartNanos(), m.sequence());
                }
                if (otf2 != null) {
                    otf2.message(m);
                }
                events += 2;
            } else if (entry instanceof CallRecord c) {
                pid(c.rank());
                otf2.call(c); // the archive's alone: timeline.json shows the charges, not the calls
            } else if (entry instanceof QueueStep q) {
                int pid = pid(q.rank());
                if (trace != null) {
                    trace.counter(pid, queueName(q.rank()), q.nanos(), QUEUE_SERIES, q.length());
                }
                events++;
            }
            if (events >= HEAD_EVENTS && !head.isDone()) {
                head.complete(List.copyOf(headSpans));
            }
        } catch (IOException e) {
            failure = e; // the kernel cannot take an IOException from an observer: finish throws it
        }
    }

    private void drop(Object entry) {
        if (entry instanceof Charge c) {
            droppedEvents++;
            droppedFrom = Math.min(droppedFrom, c.startNanos());
            droppedUntil = Math.max(droppedUntil, c.endNanos());
        } else if (entry instanceof MessageRecord m) {
            droppedEvents += 2;
            droppedFrom = Math.min(droppedFrom, m.sendNanos());
            droppedUntil = Math.max(droppedUntil, m.receiveStartNanos());
        } else if (entry instanceof QueueStep q) {
            droppedEvents++;
            droppedFrom = Math.min(droppedFrom, q.nanos());
            droppedUntil = Math.max(droppedUntil, q.nanos());
        }
    }

    /** One step of a master's queue-length counter track. */
    private record QueueStep(int rank, long nanos, int length) {}

    private static final String QUEUE_SERIES = "messages";

    /** A counter track's name, made once per master (a queue step is a third of a farm's events). */
    private String queueName(int rank) {
        return queueNames.computeIfAbsent(rank, r -> "rank " + r + " queue");
    }

    private int pid(int rank) {
        if (rank < pidByRank.length && pidByRank[rank] != 0) {
            return pidByRank[rank];
        }
        int pid = pidOfRank.computeIfAbsent(rank, r -> pidOfHost.computeIfAbsent(hostOfRank.apply(r), h -> pidOfHost.size() + 1));
        if (rank >= pidByRank.length) {
            pidByRank = Arrays.copyOf(pidByRank, Math.max(rank + 1, 2 * pidByRank.length));
        }
        pidByRank[rank] = pid;
        return pid;
    }

    private String hostOf(int pid) {
        return pidOfHost.entrySet().stream().filter(e -> e.getValue() == pid).map(Map.Entry::getKey).findFirst().orElseThrow();
    }

    private interface TraceWrite {
        void run() throws IOException;
    }

    /** The kernel cannot take an IOException from an observer: the first one is kept and thrown by finish. */
    private void guarded(TraceWrite write) {
        if (failure != null) {
            return;
        }
        try {
            write.run();
        } catch (IOException e) {
            failure = e;
        }
    }

    private void move() throws IOException {
        try {
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
