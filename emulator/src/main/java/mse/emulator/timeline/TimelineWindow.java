package mse.emulator.timeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * A window at the start of a run for a Gantt chart: from time 0 until the master has served its first
 * `tasks` tasks (a send and a receive each), with the master's track and the first `slaves` other ranks'.
 * Spans crossing the end are cut there.
 */
public record TimelineWindow(List<Integer> ranks, long endNanos, List<TimelineReader.Span> spans) {

    public static TimelineWindow firstTasks(List<TimelineReader.Span> all, int master, int tasks, int slaves) {
        List<TimelineReader.Span> masterSpans = all.stream().filter(s -> s.rank() == master)
                .sorted(Comparator.comparingLong(TimelineReader.Span::startNanos)).toList();
        if (masterSpans.isEmpty()) {
            throw new IllegalArgumentException("rank " + master + " has no spans in the timeline");
        }
        long end = masterSpans.get(Math.min(2 * tasks, masterSpans.size()) - 1).endNanos();
        TreeSet<Integer> others = new TreeSet<>();
        all.stream().filter(s -> s.rank() != master && s.startNanos() < end).forEach(s -> others.add(s.rank()));
        List<Integer> ranks = new ArrayList<>(List.of(master));
        others.stream().limit(slaves).forEach(ranks::add);
        List<TimelineReader.Span> inside = all.stream().filter(s -> ranks.contains(s.rank()) && s.startNanos() < end)
                .map(s -> new TimelineReader.Span(s.rank(), s.name(), s.startNanos(), Math.min(s.endNanos(), end))).toList();
        return new TimelineWindow(List.copyOf(ranks), end, inside);
    }
}
