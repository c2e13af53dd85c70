package mse.emulator.dynamic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Everything one DY master decides (seed 001 (001_cb00b78257109af6.txt) section 3.2), without the messages:
 * which reply each contact gets (task, stop, redirect or "become a master"), when to split (the median of a
 * full wait window above --split-wait, depth below --max-depth), when to wind down and merge (the median below
 * --merge-wait, or no work left), and the bookkeeping of members, secondaries and redirects. The farm program
 * (mse.mpi.apps.farm.DynamicMaster) and the simulator ({@link mse.emulator.sim.DynamicFarmReplay}) both run
 * this class, so the two cannot decide differently.
 *
 * <p>Accounting: {@code members} counts the ranks whose next contact comes here; a master is done when no
 * member and no secondary of its own is left. A split moves the contacting slave (it becomes the secondary)
 * and promises that the next {@code group - 1} contacts are redirected to it; the secondary expects exactly
 * that many JOINs, so it never merges while a slave is still on its way. A merging secondary first redirects
 * its slaves back to its parent and then sends MERGE with their number.
 *
 * <p>Prefetching (--prefetch K): a slave holds up to K tasks ({@code inFlight}). The start deals
 * {@link #first} then {@link #prefetched} round by round, and after each reply the program tops the slave up
 * with {@link #prefetched}. Only a slave that holds no task may leave (stop, redirect, become a master): one
 * that still holds tasks while this master has none to give it, owes a redirect or is due to split gets
 * {@link Reply.Hold} (no message) and contacts again with its next result. With K = 1 a contact never comes
 * from a slave that holds a task, so nothing is held and the decisions are seed 001's.
 *
 * <p>The clock is the master's Comm.wtime() (virtual time when emulated); it is read only where the program
 * logs an event, so the simulator asks the kernel for the clock at the same points as the program does.
 */
public final class DynamicMasterState {

    /** The one answer to a contact (or, at the start, to a slave that has not asked yet). */
    public sealed interface Reply {
        /** TASK: compute this task. */
        record Assign(int task) implements Reply {}

        /** STOP: no work is left anywhere for this slave. */
        record Stop() implements Reply {}

        /** REDIRECT: ask that master (with JOIN) from now on. */
        record Redirect(int master) implements Reply {}

        /** Nothing: the slave still holds tasks, and will contact again with their results. */
        record Hold() implements Reply {}

        /** BECOME_MASTER: serve these tasks to the {@code joining} slaves that will be redirected to you. */
        record BecomeMaster(int parent, int depth, int joining, List<TaskRanges.Range> tasks) implements Reply {}
    }

    /** What a secondary sends its parent when it merges: MERGE's content (results travel apart, by range). */
    public record MergeOrder(int returnedSlaves, List<TaskRanges.Range> unassigned, List<TaskRanges.Range> results,
                             List<MasterEvent> events) {}

    private final DynamicSettings settings;
    private final int rank;
    private final int parent;
    private final int depth;
    private final TaskRanges pool;
    private final TaskRanges owned;
    private final WaitWindow window;
    private final DoubleSupplier clock;
    private final int prefetch;
    /** Tasks each rank (by rank) holds from this master: handed out, result not yet in. */
    private final int[] inFlight;
    private final List<MasterEvent> events = new ArrayList<>();
    private int members;
    private int children;
    private int redirectTo = -1;
    private int redirectsOwed;
    private int returnedSlaves;
    private boolean windingDown;

    private DynamicMasterState(DynamicSettings settings, int np, int rank, int parent, int depth, List<TaskRanges.Range> tasks,
                               int members, int prefetch, DoubleSupplier clock) {
        this.settings = settings;
        this.rank = rank;
        this.parent = parent;
        this.depth = depth;
        this.pool = new TaskRanges(tasks);
        this.owned = new TaskRanges(tasks);
        this.members = members;
        this.window = new WaitWindow(settings.window(np), settings.splitWaitNanos(), settings.mergeWaitNanos());
        this.clock = clock;
        if (prefetch < 1) {
            throw new IllegalArgumentException("a slave needs at least 1 task in flight, got " + prefetch);
        }
        this.prefetch = prefetch;
        this.inFlight = new int[np];
    }

    /** Rank 0: every task and every other rank; it starts as SI, with {@link #first} for each slave. */
    public static DynamicMasterState root(DynamicSettings settings, int np, int tasks, int prefetch, DoubleSupplier clock) {
        return new DynamicMasterState(settings, np, 0, -1, 0, TaskRanges.of(0, tasks).ranges(), np - 1, prefetch, clock);
    }

    /** A slave told BECOME_MASTER: its tasks, and the slaves that will join it. */
    public static DynamicMasterState secondary(DynamicSettings settings, int np, int rank, Reply.BecomeMaster order,
                                               int prefetch, DoubleSupplier clock) {
        return new DynamicMasterState(settings, np, rank, order.parent(), order.depth(), order.tasks(), order.joining(), prefetch,
                clock);
    }

    /**
     * A slave's wait for its task, from its request to the task's arrival, both Comm.wtime() seconds: what
     * DynamicSlave reports with each result, rounded as the program rounds it.
     */
    public static long waitNanos(double askedAtSeconds, double nowSeconds) {
        return Math.round((nowSeconds - askedAtSeconds) * 1e9);
    }

    /** The master goes on receiving while a member or a secondary of its own may still contact it. */
    public boolean serving() {
        return members > 0 || children > 0;
    }

    /** Tasks not yet handed out (rank 0 must end with none). */
    public int unassigned() {
        return pool.size();
    }

    /** A result came from src with the slave's wait (negative: unknown, the first task). */
    public void observe(int src, long waitNanos) {
        inFlight[src]--;
        if (waitNanos < 0) {
            return;
        }
        window.add(waitNanos);
        if (parent >= 0 && !windingDown && settings.mergeWaitNanos() > 0 && window.full()
                && window.medianBelow()) {
            // seed 001 section 3.2: merging is triggered by the wait statistics too; from now on every
            // contact is sent back to the parent and the unassigned tasks go back with the MERGE.
            windingDown = true;
        }
    }

    /** Rank 0's start: a task to this slave, or a stop when there are fewer tasks than slaves. */
    public Reply first(int slave) {
        return assignOrDismiss(slave);
    }

    /**
     * One more task for a slave that holds at least one and fewer than K, when this master has tasks to give
     * and no redirect or split pending; otherwise null (nothing to send).
     */
    public Reply.Assign prefetched(int slave) {
        if (inFlight[slave] < 1 || inFlight[slave] >= prefetch || !mayAssign()) {
            return null;
        }
        return (Reply.Assign) assignOrDismiss(slave);
    }

    /** The one reply to a contact (RESULT, JOIN or MERGE) from rank src. */
    public Reply reply(int src) {
        if (inFlight[src] > 0 && !mayAssign()) {
            return new Reply.Hold();
        } else if (redirectsOwed > 0) {
            redirectsOwed--;
            return dismiss(redirectTo);
        } else if (!windingDown && !pool.isEmpty()) {
            return splitDue() ? split(src) : assignOrDismiss(src);
        } else if (parent < 0) {
            return dismiss(-1);
        } else {
            returnedSlaves++;
            return dismiss(parent);
        }
    }

    /** A secondary merged back: its unassigned tasks, itself and the slaves it returned are ours again. */
    public void absorb(int returned, List<TaskRanges.Range> unassigned, List<MasterEvent> log) {
        pool.addAll(unassigned);
        members += returned + 1;
        children--;
        events.addAll(log);
    }

    /** A secondary done serving: its MERGE, with the merge logged at its clock. */
    public MergeOrder mergeBack() {
        events.add(new MasterEvent(clock.getAsDouble(), rank, MasterEvent.MERGE, pool.size(), returnedSlaves, depth));
        return new MergeOrder(returnedSlaves, pool.ranges(), owned.minus(pool), List.copyOf(events));
    }

    /** Rank 0's log of every split and merge, in virtual-time order. */
    public List<MasterEvent> log() {
        List<MasterEvent> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingDouble(MasterEvent::virtualSeconds).thenComparingInt(MasterEvent::master));
        return List.copyOf(sorted);
    }

    private Reply assignOrDismiss(int slave) {
        if (pool.isEmpty()) {
            return dismiss(-1);
        }
        inFlight[slave]++;
        return new Reply.Assign(pool.take());
    }

    /** A task may go out: there is one, and no wind-down, owed redirect or due split reserves the slaves. */
    private boolean mayAssign() {
        return !windingDown && !pool.isEmpty() && redirectsOwed == 0 && !splitDue();
    }

    /** The slave leaves this master: STOP (to = -1) or REDIRECT to another master. */
    private Reply dismiss(int to) {
        members--;
        return to < 0 ? new Reply.Stop() : new Reply.Redirect(to);
    }

    /**
     * Split when the slaves wait too long for this master (the median of a full window above --split-wait), the
     * depth allows it, no earlier split still owes redirects, and both halves get a fair share: at least four
     * slaves to halve and at least one task per rank on each side.
     */
    private boolean splitDue() {
        return depth < settings.maxDepth() && redirectsOwed == 0 && window.full()
                && window.medianAbove() && members >= 4 && pool.size() >= 2 * members;
    }

    /** src, which just finished a task, becomes the master of the upper half of the tasks and half the slaves. */
    private Reply split(int src) {
        int group = members / 2;
        List<TaskRanges.Range> upper = pool.takeUpperHalf();
        int moved = upper.stream().mapToInt(TaskRanges.Range::size).sum();
        events.add(new MasterEvent(clock.getAsDouble(), src, MasterEvent.SPLIT, moved, group - 1, depth + 1));
        members--;
        children++;
        redirectTo = src;
        redirectsOwed = group - 1;
        window.clear();
        return new Reply.BecomeMaster(rank, depth + 1, group - 1, upper);
    }
}
