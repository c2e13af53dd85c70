package mse.mpi.apps.farm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * One master of DY (seed 001, section 3.2): rank 0 from the start, or a slave told to become a
 * secondary master. It blocks in recv(ANY_SOURCE, ANY_TAG) and answers every contact (RESULT, JOIN,
 * MERGE) with exactly one reply, so nobody polls and no message is left behind.
 *
 * <p>Accounting: {@code members} counts the ranks whose next contact comes here; a master is done when
 * no member and no secondary of its own is left. A split moves the contacting slave (it becomes the
 * secondary) and promises that the next {@code group - 1} contacts are redirected to it; the secondary
 * expects exactly that many JOINs, so it never merges while a slave is still on its way. A merging
 * secondary first redirects its slaves back here and then sends MERGE with their number.
 */
final class DynamicMaster {

    private final Comm comm;
    private final Workload work;
    private final DynamicSettings settings;
    private final int parent;
    private final int depth;
    private final TaskRanges pool;
    private final TaskRanges owned;
    private final WaitWindow window;
    private final List<MasterEvent> events = new ArrayList<>();
    private int members;
    private int children;
    private int redirectTo = -1;
    private int redirectsOwed;
    private int returnedSlaves;
    private boolean windingDown;

    private DynamicMaster(Comm comm, Workload work, DynamicSettings settings, int parent, int depth, TaskRanges pool, int members) {
        this.comm = comm;
        this.work = work;
        this.settings = settings;
        this.parent = parent;
        this.depth = depth;
        this.pool = pool;
        this.owned = new TaskRanges(pool.ranges());
        this.members = members;
        this.window = new WaitWindow(settings.window(comm.size()));
    }

    /** Rank 0: starts as SI (a task to every slave), serves until every task is in; returns the whole log. */
    static List<MasterEvent> serveRoot(Comm comm, Workload work, DynamicSettings settings) {
        DynamicMaster root = new DynamicMaster(comm, work, settings, -1, 0, TaskRanges.of(0, work.tasks()), comm.size() - 1);
        for (int slave = 1; slave < comm.size(); slave++) {
            root.assignOrDismiss(slave);
        }
        root.loop();
        if (!root.pool.isEmpty()) {
            throw new IllegalStateException("DY: rank 0 ran out of slaves with " + root.pool.size() + " tasks unassigned");
        }
        root.events.sort(Comparator.comparingDouble(MasterEvent::virtualSeconds).thenComparingInt(MasterEvent::master));
        return List.copyOf(root.events);
    }

    /** A slave told BECOME_MASTER: serves its share, merges back, and returns the wtime once its MERGE (its next request) is sent. */
    static double serveSecondary(Comm comm, Workload work, DynamicSettings settings, DynamicMessages.BecomeMaster order) {
        DynamicMaster secondary = new DynamicMaster(comm, work, settings, order.parent(), order.depth(),
                new TaskRanges(order.tasks()), order.joining());
        secondary.loop();
        secondary.mergeBack();
        return comm.wtime();
    }

    private void loop() {
        while (members > 0 || children > 0) {
            Message m = comm.recv(Comm.ANY_SOURCE, Comm.ANY_TAG);
            switch (m.tag()) {
                case DynamicMessages.TAG_RESULT -> {
                    DynamicMessages.Result r = DynamicMessages.Result.decode(m.data());
                    work.collect(r.task(), r.body());
                    observe(r.waitNanos());
                }
                case DynamicMessages.TAG_JOIN -> {
                    // a redirected slave: nothing to store, it only wants work
                }
                case DynamicMessages.TAG_MERGE -> absorb(DynamicMessages.Merge.decode(m.data()),
                        comm.recv(m.source(), DynamicMessages.TAG_MERGE_RESULTS).data());
                default -> throw new IllegalStateException("DY master " + comm.rank() + ": unexpected tag " + m.tag() + " from " + m.source());
            }
            reply(m.source());
        }
    }

    private void observe(long waitNanos) {
        if (waitNanos < 0) {
            return;
        }
        window.add(waitNanos);
        if (parent >= 0 && !windingDown && settings.mergeWaitNanos() > 0 && window.full()
                && window.medianNanos() < settings.mergeWaitNanos()) {
            // seed 001 section 3.2: merging is triggered by the wait statistics too; from now on every
            // contact is sent back to the parent and the unassigned tasks go back with the MERGE.
            windingDown = true;
        }
    }

    /** The one reply to a contact from rank src. */
    private void reply(int src) {
        if (redirectsOwed > 0) {
            redirectsOwed--;
            dismiss(src, redirectTo);
        } else if (!windingDown && !pool.isEmpty()) {
            if (splitDue()) {
                split(src);
            } else {
                assignOrDismiss(src);
            }
        } else if (parent < 0) {
            dismiss(src, -1);
        } else {
            returnedSlaves++;
            dismiss(src, parent);
        }
    }

    private void assignOrDismiss(int slave) {
        if (pool.isEmpty()) {
            dismiss(slave, -1);
            return;
        }
        int task = pool.take();
        comm.send(FarmMessages.withId(task, work.describe(task)), slave, DynamicMessages.TAG_TASK);
    }

    /** The slave leaves this master: STOP (to = -1) or REDIRECT to another master. */
    private void dismiss(int slave, int to) {
        members--;
        if (to < 0) {
            comm.send(DynamicMessages.EMPTY, slave, DynamicMessages.TAG_STOP);
        } else {
            comm.send(DynamicMessages.rank(to), slave, DynamicMessages.TAG_REDIRECT);
        }
    }

    /**
     * Split when the slaves wait too long for this master (the median of a full window above --split-wait), the depth
     * allows it, no earlier split still owes redirects, and both halves get a fair share: at least four
     * slaves to halve and at least one task per rank on each side.
     */
    private boolean splitDue() {
        return depth < settings.maxDepth() && redirectsOwed == 0 && window.full()
                && window.medianNanos() > settings.splitWaitNanos() && members >= 4 && pool.size() >= 2 * members;
    }

    /** src, which just finished a task, becomes the master of the upper half of the tasks and half the slaves. */
    private void split(int src) {
        int group = members / 2;
        List<TaskRanges.Range> upper = pool.takeUpperHalf();
        int moved = upper.stream().mapToInt(TaskRanges.Range::size).sum();
        events.add(new MasterEvent(comm.wtime(), src, MasterEvent.SPLIT, moved, group - 1, depth + 1));
        members--;
        children++;
        redirectTo = src;
        redirectsOwed = group - 1;
        comm.send(new DynamicMessages.BecomeMaster(comm.rank(), depth + 1, group - 1, upper).encode(), src,
                DynamicMessages.TAG_BECOME_MASTER);
        window.clear();
    }

    /** A secondary merged back: its results, its unassigned tasks, itself and the slaves it returned are ours again. */
    private void absorb(DynamicMessages.Merge merge, byte[] exported) {
        int offset = 0;
        for (DynamicMessages.Results r : merge.results()) {
            work.importRange(r.range().from(), r.range().to(), java.util.Arrays.copyOfRange(exported, offset, offset + r.bytes()));
            offset += r.bytes();
        }
        pool.addAll(merge.unassigned());
        members += merge.returnedSlaves() + 1;
        children--;
        events.addAll(merge.events());
    }

    private void mergeBack() {
        List<DynamicMessages.Results> results = new ArrayList<>();
        java.io.ByteArrayOutputStream exported = new java.io.ByteArrayOutputStream();
        for (TaskRanges.Range r : owned.minus(pool)) {
            byte[] part = work.export(r.from(), r.to());
            results.add(new DynamicMessages.Results(r, part.length));
            exported.writeBytes(part);
        }
        events.add(new MasterEvent(comm.wtime(), comm.rank(), MasterEvent.MERGE, pool.size(), returnedSlaves, depth));
        comm.send(new DynamicMessages.Merge(returnedSlaves, pool.ranges(), results, events).encode(), parent,
                DynamicMessages.TAG_MERGE);
        comm.send(exported.toByteArray(), parent, DynamicMessages.TAG_MERGE_RESULTS);
    }
}
