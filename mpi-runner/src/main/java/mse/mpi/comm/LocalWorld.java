package mse.mpi.comm;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mse.emulator.kernel.MessagePattern;

/**
 * Ranks as threads of one JVM: one mailbox per rank, messages kept in arrival order, so the first
 * match in a mailbox obeys MPI's non-overtaking rule. One lock for the whole world keeps deadlock
 * detection exact: when every live rank waits and no mailbox holds a match, nobody can ever proceed.
 *
 * <p>A message wakes its destination only, and only when it matches what that rank waits for; the ranks stuck
 * (waiting with no match queued) are counted as they start and stop waiting, so a wait checks for deadlock in
 * constant time. One condition for the whole world woke every waiting rank for every message: at np 256 a
 * farm's task woke 255 idle slaves, each of which took the lock in turn before the master could send again
 * (docs/measurements/scaling.md).
 */
public final class LocalWorld {

    private record Pending(int source, int tag, byte[] data) {}

    private final int size;
    private final List<List<Pending>> mailboxes = new ArrayList<>();
    /** What each rank waits for (any of these patterns), or null while it runs. */
    private final List<List<MessagePattern>> waitingFor;
    private final ReentrantLock lock = new ReentrantLock();
    /** Per rank, signalled when a message it waits for arrives, and when the world changes for everyone. */
    private final Condition[] arrived;
    /** Per rank, whether it waits with no matching message queued; how many do. */
    private final boolean[] stuck;
    private int stuckRanks;
    private int live;
    private String abortReason;

    public LocalWorld(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a world needs at least one rank, got " + size);
        }
        this.size = size;
        this.live = size;
        this.waitingFor = new ArrayList<>();
        this.arrived = new Condition[size];
        this.stuck = new boolean[size];
        for (int i = 0; i < size; i++) {
            mailboxes.add(new ArrayList<>());
            waitingFor.add(null);
            arrived[i] = lock.newCondition();
        }
    }

    public int size() {
        return size;
    }

    public LocalComm comm(int rank) {
        return new LocalComm(this, rank);
    }

    /**
     * Runs body once per rank, each on its own thread, and waits for all. The first failure aborts
     * the other ranks (their blocking calls throw) and is rethrown here naming its rank.
     */
    public void run(Consumer<Comm> body) {
        List<Thread> threads = new ArrayList<>();
        Throwable[] failures = new Throwable[size];
        for (int r = 0; r < size; r++) {
            int rank = r;
            Thread t = new Thread(() -> {
                try (LocalComm comm = comm(rank)) {
                    body.accept(comm);
                } catch (Throwable e) {
                    failures[rank] = e;
                    abort("rank " + rank + " failed: " + e);
                }
            }, "rank-" + rank);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort("interrupted");
                throw new CommException("interrupted while waiting for local ranks", e);
            }
        }
        for (int r = 0; r < size; r++) {
            if (failures[r] != null && !(failures[r] instanceof LocalAbort)) {
                throw new CommException("rank " + r + " failed: " + failures[r].getMessage(), failures[r]);
            }
        }
        for (Throwable f : failures) {
            if (f != null) {
                throw (LocalAbort) f;
            }
        }
    }

    void deliver(int source, int dest, int tag, byte[] data) {
        checkRank(dest, "destination");
        lock.lock();
        try {
            failIfAborted();
            Pending message = new Pending(source, tag, data.clone());
            mailboxes.get(dest).add(message);
            List<MessagePattern> wanted = waitingFor.get(dest);
            if (stuck[dest] && matches(message, wanted)) {
                unstick(dest);
                arrived[dest].signal(); // one thread per rank waits on its condition
            }
        } finally {
            lock.unlock();
        }
    }

    Message take(int rank, int source, int tag, boolean remove) {
        return take(rank, List.of(Collectives.pattern(source, tag)), remove);
    }

    /** Blocks until a message matching any pattern is in the rank's mailbox: the first, removed or left queued. */
    Message take(int rank, List<MessagePattern> patterns, boolean remove) {
        patterns.stream().filter(p -> p.source() != Comm.ANY_SOURCE).forEach(p -> checkRank(p.source(), "source"));
        lock.lock();
        try {
            while (true) {
                failIfAborted();
                Message found = first(rank, patterns, remove);
                if (found != null) {
                    return found;
                }
                waitingFor.set(rank, patterns);
                stuck[rank] = true;
                stuckRanks++;
                if (stuckRanks == live) {
                    abort("deadlock: " + describeWaits());
                    failIfAborted();
                }
                arrived[rank].awaitUninterruptibly();
                stopWaiting(rank);
            }
        } finally {
            stopWaiting(rank);
            lock.unlock();
        }
    }

    /** The first message matching any pattern in the rank's mailbox now, left queued, or empty. */
    Optional<Envelope> poll(int rank, List<MessagePattern> patterns) {
        lock.lock();
        try {
            failIfAborted();
            return Optional.ofNullable(first(rank, patterns, false)).map(Message::envelope);
        } finally {
            lock.unlock();
        }
    }

    private Message first(int rank, List<MessagePattern> patterns, boolean remove) {
        Iterator<Pending> it = mailboxes.get(rank).iterator();
        while (it.hasNext()) {
            Pending p = it.next();
            if (matches(p, patterns)) {
                if (remove) {
                    it.remove();
                }
                return new Message(p.source, p.tag, p.data);
            }
        }
        return null;
    }

    void leave(int rank) {
        lock.lock();
        try {
            live--;
            if (live > 0 && stuckRanks == live) {
                abort("deadlock after rank " + rank + " finished: " + describeWaits());
            }
        } finally {
            lock.unlock();
        }
    }

    private static boolean matches(Pending p, List<MessagePattern> patterns) {
        for (MessagePattern pattern : patterns) {
            if (pattern.matches(p.source, p.tag, Collectives.contextOf(p.tag))) {
                return true;
            }
        }
        return false;
    }

    /** The rank no longer waits (woken, or leaving its receive): it is not stuck either. */
    private void stopWaiting(int rank) {
        waitingFor.set(rank, null);
        unstick(rank);
    }

    private void unstick(int rank) {
        if (stuck[rank]) {
            stuck[rank] = false;
            stuckRanks--;
        }
    }

    private String describeWaits() {
        return IntStream.range(0, size).filter(r -> waitingFor.get(r) != null)
                .mapToObj(r -> "rank " + r + " waits in receive" + waitingFor.get(r).stream()
                        .map(MessagePattern::toString).collect(Collectors.joining(" or ")))
                .collect(Collectors.joining("; "));
    }

    private void abort(String reason) {
        lock.lock();
        try {
            if (abortReason == null) {
                abortReason = reason;
            }
            for (Condition rank : arrived) {
                rank.signal(); // every waiting rank must see the end
            }
        } finally {
            lock.unlock();
        }
    }

    private void failIfAborted() {
        if (abortReason != null) {
            throw new LocalAbort(abortReason);
        }
    }

    private void checkRank(int rank, String role) {
        if (rank < 0 || rank >= size) {
            throw new CommException(role + " rank " + rank + " outside 0.." + (size - 1));
        }
    }

    /** Thrown in every rank once the world is aborted (another rank failed, or deadlock). */
    public static final class LocalAbort extends CommException {
        private static final long serialVersionUID = 1L;

        LocalAbort(String reason) {
            super(reason);
        }
    }
}
