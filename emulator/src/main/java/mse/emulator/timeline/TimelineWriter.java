package mse.emulator.timeline;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;

/**
 * Turns what the kernel (or the simulator) charges into timeline.json, a Chrome trace (see {@link ChromeTrace}):
 * one process per host, one track per rank with its compute, send and recv spans (idle time is the gaps), a
 * flow arrow per message from its send to its receive, each master's queue length as a counter track, and
 * instants (DY splits and merges) added at the end with the run's inputs as metadata.
 *
 * <p>Events stream to a partial file as they are decided, and {@link #finish} renames it into place, so a
 * failed run leaves no timeline. In auto mode, once the slaves' events pass a first window the rest go to a
 * ring of the last window; what falls out of the ring is counted and named in the metadata. Master events
 * (their spans, queue counters and instants, and messages between masters) are always kept: they show the
 * bottleneck. Not thread-safe: one kernel feeds it, then one caller finishes it.
 */
public final class TimelineWriter implements KernelObserver {

    /** Auto mode's bound on the slaves' trace events (two windows of a quarter each, a flow being two events). */
    public static final int AUTO_LIMIT_EVENTS = 1_000_000;
    static final int WINDOW_ENTRIES = AUTO_LIMIT_EVENTS / 4;

    private final Path target;
    private final Path partial;
    private final TimelineMode mode;
    private final IntFunction<String> hostOfRank;
    private final Map<String, Integer> pidOfHost = new LinkedHashMap<>();
    private final Map<Integer, Integer> pidOfRank = new TreeMap<>();
    private final BitSet masters = new BitSet();
    private final Map<Integer, QueueLength> queues = new HashMap<>();
    private final ArrayDeque<Object> lastWindow = new ArrayDeque<>();
    private final ChromeTrace trace;
    private final int windowEntries;
    private long events;
    private long slaveEntries;
    private long droppedEvents;
    private long droppedFrom = Long.MAX_VALUE;
    private long droppedUntil;
    private IOException failure;
    private boolean closed;

    private TimelineWriter(Path target, TimelineMode mode, IntFunction<String> hostOfRank, int windowEntries)
            throws IOException {
        this.target = target;
        this.windowEntries = windowEntries;
        this.partial = target.resolveSibling("." + target.getFileName() + ".partial");
        this.mode = mode;
        this.hostOfRank = hostOfRank;
        Files.createDirectories(target.toAbsolutePath().getParent());
        this.trace = new ChromeTrace(new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16));
    }

    /** Starts timeline.json at `target` (mode full or auto) for ranks on the hosts hostOfRank names. */
    public static TimelineWriter open(Path target, TimelineMode mode, IntFunction<String> hostOfRank,
                                      Collection<Integer> masters) throws IOException {
        return open(target, mode, hostOfRank, masters, WINDOW_ENTRIES);
    }

    /** The same with windows of `windowEntries` slave spans or messages each (tests use small ones). */
    static TimelineWriter open(Path target, TimelineMode mode, IntFunction<String> hostOfRank, Collection<Integer> masters,
                               int windowEntries) throws IOException {
        if (mode == TimelineMode.OFF) {
            throw new IllegalArgumentException("no timeline is written in mode off");
        }
        TimelineWriter writer = new TimelineWriter(target, mode, hostOfRank, windowEntries);
        masters.forEach(writer::master);
        return writer;
    }

    /** From now on `rank` is a master: its events are always kept and its queue gets a counter track. */
    public void master(int rank) {
        masters.set(rank);
    }

    @Override
    public void charged(Charge charge) {
        keep(charge, masters.get(charge.rank()));
    }

    @Override
    public void messageReceived(MessageRecord m) {
        keep(m, masters.get(m.source()) && masters.get(m.destination()));
        if (masters.get(m.destination())) {
            int master = m.destination();
            queues.computeIfAbsent(master, r -> new QueueLength((nanos, length) -> guarded(() -> {
                trace.counter(pid(r), "rank " + r + " queue", nanos, "messages", length);
                events++;
            }))).arrived(m.arrivalNanos(), m.receiveStartNanos());
        }
    }

    /**
     * Adds the instants, names the hosts and ranks, writes `metadata` (the run's inputs) with what the timeline
     * holds, and moves the file into place.
     */
    public WrittenTimeline finish(Map<String, Object> metadata, List<TimelineInstant> instants) throws IOException {
        if (closed) {
            throw new IllegalStateException("timeline already finished or discarded");
        }
        queues.values().forEach(QueueLength::finish);
        for (TimelineInstant instant : instants) {
            guarded(() -> trace.instant(pid(instant.rank()), instant.rank(), instant.name(), instant.nanos(), instant.args()));
            events++;
        }
        lastWindow.forEach(this::write);
        lastWindow.clear();
        try {
            if (failure != null) {
                throw failure;
            }
            for (Map.Entry<Integer, Integer> rank : new TreeMap<>(pidOfRank).entrySet()) {
                trace.names(rank.getValue(), rank.getKey(), hostOf(rank.getValue()),
                        "rank " + rank.getKey() + (masters.get(rank.getKey()) ? " (master)" : ""));
            }
            Map<String, Object> all = new LinkedHashMap<>(metadata);
            all.put("timeline", description());
            trace.finish(all);
            trace.close();
            closed = true;
            move();
        } finally {
            discard();
        }
        return new WrittenTimeline(target, mode, events, droppedEvents, droppedEvents == 0 ? 0 : droppedFrom, droppedUntil);
    }

    /** Abandons the timeline (the run failed): the partial file goes, nothing is left half-written. */
    public void discard() {
        try {
            if (!closed) {
                closed = true;
                trace.close();
            }
            Files.deleteIfExists(partial);
        } catch (IOException e) {
            // the run already failed for a better reason; a stray hidden partial file is all that can remain
        }
    }

    private Map<String, Object> description() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("mode", mode.spec());
        d.put("events", events);
        d.put("timeUnit", "virtual microseconds (ts, dur)");
        if (mode == TimelineMode.AUTO) {
            d.put("limitEvents", AUTO_LIMIT_EVENTS);
            d.put("droppedEvents", droppedEvents);
            if (droppedEvents > 0) {
                d.put("kept", "the first and last " + windowEntries + " slave spans or messages, and every master event");
                d.put("droppedFromSeconds", droppedFrom / 1e9);
                d.put("droppedUntilSeconds", droppedUntil / 1e9);
            }
        }
        return d;
    }

    private void keep(Object entry, boolean master) {
        if (mode == TimelineMode.FULL || master || slaveEntries++ < windowEntries) {
            write(entry);
            return;
        }
        if (lastWindow.size() == windowEntries) {
            drop(lastWindow.pollFirst());
        }
        lastWindow.addLast(entry);
    }

    private void write(Object entry) {
        if (entry instanceof Charge c) {
            guarded(() -> trace.span(pid(c.rank()), c));
            events++;
        } else if (entry instanceof MessageRecord m) {
            guarded(() -> trace.flow(pid(m.source()), m.source(), m.sendNanos(), pid(m.destination()), m.destination(),
                    m.receiveStartNanos(), m.sequence()));
            events += 2;
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
        }
    }

    private int pid(int rank) {
        return pidOfRank.computeIfAbsent(rank, r -> pidOfHost.computeIfAbsent(hostOfRank.apply(r), h -> pidOfHost.size() + 1));
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
