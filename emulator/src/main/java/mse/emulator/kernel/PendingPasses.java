package mse.emulator.kernel;

import java.util.Comparator;
import java.util.TreeSet;

/**
 * What the ranks waiting in a receive or probe wait to see decided, ordered as an interface takes messages: for each,
 * the message at the head of its incoming interface (reach, source), and for a poll the instant just after its clock
 * (clock + 1, rank 0: nothing may reach at the clock or before). A running rank whose next message could still come
 * before one of them holds it back; the least of them it holds back says how much CPU it must report to release all
 * it holds back ({@link GrantRule#progressRequests}). Kept up to date rank by rank as facts arrive, O(log P) each.
 */
final class PendingPasses {

    /** One point: a head (kind 0) or a poll (kind 1) of the waiting rank `owner`. */
    record Point(long reach, int source, int owner, int kind) {}

    private static final Comparator<Point> INTERFACE_ORDER = Comparator.comparingLong(Point::reach)
            .thenComparingInt(Point::source).thenComparingInt(Point::owner).thenComparingInt(Point::kind);

    private final TreeSet<Point> points = new TreeSet<>(INTERFACE_ORDER);
    private final Point[] heads;
    private final Point[] polls;

    PendingPasses(int processes) {
        heads = new Point[processes];
        polls = new Point[processes];
    }

    /** The rank's points as its state now says: none unless it waits in a receive or probe. */
    void update(RankState rank, AnnouncedMessage head) {
        boolean receiving = rank.activity() == RankState.Activity.RECEIVING;
        heads[rank.rank] = replace(heads[rank.rank],
                receiving && head != null ? new Point(head.reachNanos(), head.source(), rank.rank, 0) : null);
        polls[rank.rank] = replace(polls[rank.rank],
                receiving && rank.polling ? new Point(rank.clock.now() + 1, 0, rank.rank, 1) : null);
    }

    private Point replace(Point old, Point now) {
        if (old != null && old.equals(now)) {
            return old;
        }
        if (old != null) {
            points.remove(old);
        }
        if (now != null) {
            points.add(now);
        }
        return now;
    }

    /** The greatest point, null when nobody waits on one: no running rank whose next reach lies beyond it holds anything back. */
    Point last() {
        return points.isEmpty() ? null : points.last();
    }

    /** The least point that a rank whose next message reaches at `reach` (from `rank`) would come before; null when none. */
    Point leastAfter(long reach, int rank) {
        return points.higher(new Point(reach, rank, Integer.MAX_VALUE, Integer.MAX_VALUE));
    }
}
