package mse.emulator.dynamic;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The tasks a dynamic master owns, as sorted disjoint ranges [from, to) of the assignment order. A master
 * hands out tasks from the front and, when it splits, gives away the upper half (seed 001, section 3.2:
 * "every master can split its responsible tasks and slaves in two groups"), so both halves stay in
 * assignment order and results can travel back as whole ranges (Workload.export).
 */
public final class TaskRanges {

    /** One range [from, to) of task ids. */
    public record Range(int from, int to) {
        public int size() {
            return to - from;
        }
    }

    private final List<Range> ranges = new ArrayList<>();

    public TaskRanges() {
    }

    public TaskRanges(List<Range> initial) {
        initial.forEach(this::add);
    }

    public static TaskRanges of(int from, int to) {
        TaskRanges r = new TaskRanges();
        r.add(new Range(from, to));
        return r;
    }

    public List<Range> ranges() {
        return List.copyOf(ranges);
    }

    public int size() {
        return ranges.stream().mapToInt(Range::size).sum();
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** Removes and returns the first task. */
    public int take() {
        Range first = ranges.get(0);
        if (first.size() == 1) {
            ranges.remove(0);
        } else {
            ranges.set(0, new Range(first.from() + 1, first.to()));
        }
        return first.from();
    }

    /** Removes and returns the last size()/2 tasks: the half a master gives away when it splits. */
    public List<Range> takeUpperHalf() {
        int wanted = size() / 2;
        List<Range> upper = new ArrayList<>();
        while (wanted > 0) {
            Range last = ranges.remove(ranges.size() - 1);
            int n = Math.min(wanted, last.size());
            upper.add(0, new Range(last.to() - n, last.to()));
            if (n < last.size()) {
                ranges.add(new Range(last.from(), last.to() - n));
            }
            wanted -= n;
        }
        return upper;
    }

    /** Adds a range (disjoint from those held), keeping the list sorted and coalesced. */
    public void add(Range r) {
        if (r.size() <= 0) {
            return;
        }
        int i = 0;
        while (i < ranges.size() && ranges.get(i).from() < r.from()) {
            i++;
        }
        ranges.add(i, r);
        coalesce();
    }

    public void addAll(List<Range> rs) {
        rs.forEach(this::add);
    }

    /** The tasks held here and not in other: what a merging master has results for. */
    public List<Range> minus(TaskRanges other) {
        List<Range> out = new ArrayList<>();
        for (Range r : ranges) {
            int start = r.from();
            for (Range o : other.ranges) {
                if (o.to() <= start || o.from() >= r.to()) {
                    continue;
                }
                if (o.from() > start) {
                    out.add(new Range(start, o.from()));
                }
                start = Math.max(start, o.to());
            }
            if (start < r.to()) {
                out.add(new Range(start, r.to()));
            }
        }
        return out;
    }

    private void coalesce() {
        for (int i = 0; i + 1 < ranges.size(); ) {
            Range a = ranges.get(i);
            Range b = ranges.get(i + 1);
            if (a.to() >= b.from()) {
                ranges.set(i, new Range(a.from(), Math.max(a.to(), b.to())));
                ranges.remove(i + 1);
            } else {
                i++;
            }
        }
    }

    public static void write(ByteBuffer out, List<Range> rs) {
        out.putInt(rs.size());
        rs.forEach(r -> out.putInt(r.from()).putInt(r.to()));
    }

    public static List<Range> read(ByteBuffer in) {
        int n = in.getInt();
        List<Range> rs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            rs.add(new Range(in.getInt(), in.getInt()));
        }
        return rs;
    }
}
