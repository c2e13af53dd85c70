package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;

/**
 * The conservative rule (docs/architecture.md, "Virtual time rules"), applied where the choice is made: at a rank's
 * incoming network interface. The message waiting first there ({@link NetworkInterface#takesBefore}: reach,
 * source, sequence) may pass only when no rank can still announce a message that the interface would take
 * first. Once a message has passed, everything that passes later arrives no earlier, so receives (specific or
 * ANY_SOURCE) take the first matching message that has passed, with no further check.
 *
 * <p>A rank's next message reaches any interface no earlier than max(wake + min o_s, its outgoing interface's
 * next free time) + L, where wake is the earliest the rank can act:
 * <ul>
 *   <li>running: its clock plus the CPU its Progress reported (asked for on demand, see {@link #progressRequests});</li>
 *   <li>polling (iprobe, test): its clock, since the poll answers as of then whatever arrives;</li>
 *   <li>blocked in a receive or probe: max(clock, earliest arrival of a matching message), where that message
 *       is one waiting at its interface or one not announced yet (no earlier than the earliest reach any rank
 *       can still produce, the fixpoint computed below);</li>
 *   <li>blocked in a synchronous send: max(clock, the reach of its message);</li>
 *   <li>finished: never.</li>
 * </ul>
 * A message from q reaching at exactly the waiting message's reach would be taken first when q's rank is
 * lower than the waiting message's source, so ties compare (reach, rank) lexicographically.
 *
 * <p>With zero lookahead (min o_s = L = 0) a woken rank could send a message that reaches an interface at the
 * very nanosecond of a waiting one, and two waiting messages can each hold the other back. The kernel breaks
 * that tie only when every unfinished rank is blocked (see {@link Interconnect#passWhenAllBlocked}): the least waiting
 * message passes, before anything its own passing could cause. With positive lookahead that case never
 * arises: when every rank is blocked, the least waiting message always satisfies the rule.
 */
final class GrantRule {

    private final NetworkModel network;
    private final RankCpus cpus;
    private final long lookahead;
    private final long latency;
    /** What the horizon needs of each rank, as last recorded; stale ranks are recorded again (see {@link #changed}). */
    private final RankWakes known;
    private final boolean[] stale;
    private final int[] staleRanks;
    private int staleCount;
    /** Per rank, from `known`: its next message's earliest reach (finished ranks: never)... */
    private final RankMinima reaches;
    /** ...the same for the running ranks only (the others: never)... */
    private final RankMinima runningReaches;
    /** ...and for a rank waiting in a receive, the least reach once it is woken: max(clock + min o_s, outgoing free + L). */
    private final RankMinima wokenReaches;
    private final PendingPasses pending;
    private int running;
    private boolean moved = true;
    private Horizon last;

    GrantRule(NetworkModel network, RankCpus cpus) {
        int processes = network.processes();
        this.network = network;
        this.cpus = cpus;
        this.lookahead = network.lookaheadNanos();
        this.latency = network.latencyNanos();
        this.known = new RankWakes(processes);
        this.stale = new boolean[processes];
        this.staleRanks = new int[processes];
        this.reaches = new RankMinima(processes);
        this.runningReaches = new RankMinima(processes);
        this.wokenReaches = new RankMinima(processes);
        this.pending = new PendingPasses(processes);
        for (int rank = 0; rank < processes; rank++) {
            changed(rank);
        }
    }

    /**
     * The rank's state, incoming interface or mailbox changed: it is recorded again before the next decision, every
     * other rank's record is reused. A settle step changes one or two ranks, and each recorded rank updates the
     * trees of minima in O(log P), so a decision costs O(log P) instead of a pass over the ranks. Tests
     * run with assertions on, which check every horizon against one computed from scratch by the pass over the ranks.
     */
    void changed(int rank) {
        if (!stale[rank]) {
            stale[rank] = true;
            staleRanks[staleCount++] = rank;
        }
    }

    /** The horizon over every unfinished rank, with the fixpoint for ranks that wait on an unannounced message. */
    Horizon horizon(RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        recordStale(ranks, incoming, mailboxes);
        if (moved) {
            last = leastReach(-1); // a pure function of `known`: unchanged entries leave it as it was
            moved = false;
        }
        assert last.equals(horizonOf(fresh(ranks, incoming, mailboxes), -1)) : "a rank changed without GrantRule.changed: " + last;
        return last;
    }

    /**
     * The horizon over every unfinished rank but `excluded`'s own next message: the earliest (reach, rank) a message
     * not announced yet can have when `excluded` sends nothing to itself. Paths through other ranks still count
     * `excluded`'s sends (the fixpoint of ranks that wait on an unannounced message), so the head of `excluded`'s
     * interface that this horizon allows is what its next receive takes unless it sends to itself first.
     */
    Horizon horizonWithout(int excluded, RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        horizon(ranks, incoming, mailboxes);
        Horizon without = leastReach(excluded);
        assert without.equals(horizonOf(known, excluded)) : "horizon without " + excluded + ": " + without;
        return without;
    }

    /** Whether some rank runs (neither blocked nor finished). */
    boolean anyRunning(RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        recordStale(ranks, incoming, mailboxes);
        return running > 0;
    }

    /**
     * What the running ranks whose next message could still pass before a message waiting at the interface of a
     * rank in a receive, or before a poll's clock, must report first: for each, the host CPU since its last fact that
     * lifts its next reach past all it holds back (null messages on demand, Chandy-Misra-Bryant). In rank order. The
     * least such point decides it, since the CPU needed grows with the point ({@link #cpuToRelease}); the ranks are
     * found in the tree of running ranks' reaches, O(log P) each.
     */
    List<EmulatorReply.ProgressRequest> progressRequests(RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        recordStale(ranks, incoming, mailboxes);
        PendingPasses.Point greatest = pending.last();
        List<EmulatorReply.ProgressRequest> requests = new ArrayList<>();
        if (greatest == null) {
            return requests;
        }
        int all = ranks.length;
        for (int rank = runningReaches.firstAtMost(0, all, greatest.reach()); rank >= 0;
             rank = runningReaches.firstAtMost(rank + 1, all, greatest.reach())) {
            PendingPasses.Point least = pending.leastAfter(runningReaches.get(rank), rank);
            if (least != null) {
                requests.add(new EmulatorReply.ProgressRequest(rank, ranks[rank].factsReported,
                        cpuToRelease(ranks[rank], least.reach(), least.source())));
            }
        }
        return requests;
    }

    /**
     * Whether a running rank's next message could still pass before one reaching at `reach` from `source`: what
     * {@link #progressRequests} decides by the trees, for the check from scratch.
     */
    boolean holdsBack(RankState rank, long reach, int source) {
        return rank.isRunning() && !new Horizon(nextReach(lowerBound(rank), rank.outgoing.nextFree()), rank.rank).allows(reach, source);
    }

    /** Records the ranks changed since the last decision, and their places in the trees. */
    private void recordStale(RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        for (int i = 0; i < staleCount; i++) {
            int r = staleRanks[i];
            stale[r] = false;
            moved |= record(ranks[r], incoming[r], mailboxes[r], known);
            long reach = nextReach(known.wake[r], known.outgoingFree[r]);
            reaches.set(r, reach);
            runningReaches.set(r, known.running[r] ? reach : Long.MAX_VALUE);
            wokenReaches.set(r, known.receiving[r] ? Math.max(known.clock[r] + lookahead, known.outgoingFree[r] + latency) : Long.MAX_VALUE);
            pending.update(ranks[r], incoming[r].head());
        }
        staleCount = 0;
    }

    /**
     * {@link #horizonOf} by the trees: the least (reach, rank) over every rank but `excluded` of its next reach and,
     * for a rank waiting in a receive, of its reach once the earliest message any rank can still produce wakes it
     * (future + min o_s, or its woken reach when later). The least of both per rank is the least over both trees.
     */
    private Horizon leastReach(int excluded) {
        Horizon least = leastOver(reaches, excluded, Long.MIN_VALUE);
        long future = reaches.least(0, known.wake.length);
        if (least == null) {
            return new Horizon(Long.MAX_VALUE, Integer.MAX_VALUE);
        }
        if (future != Long.MAX_VALUE) {
            Horizon woken = leastOver(wokenReaches, excluded, future + lookahead);
            if (woken.reach() != Long.MAX_VALUE && (woken.reach() < least.reach()
                    || woken.reach() == least.reach() && woken.rank() < least.rank())) {
                least = woken;
            }
        }
        return least;
    }

    /** The least (max(floor, value), rank) over every rank but `excluded` (-1: none); null when no rank is left. */
    private static Horizon leastOver(RankMinima values, int excluded, long floor) {
        long least = Math.max(floor, Math.min(values.least(0, excluded), values.least(excluded + 1, Integer.MAX_VALUE)));
        int rank = values.firstAtMost(0, excluded, least);
        if (rank < 0) {
            rank = values.firstAtMost(excluded + 1, Integer.MAX_VALUE, least);
        }
        return rank < 0 ? null : new Horizon(least, rank);
    }

    private RankWakes fresh(RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        RankWakes wakes = new RankWakes(ranks.length);
        for (RankState rank : ranks) {
            record(rank, incoming[rank.rank], mailboxes[rank.rank], wakes);
        }
        return wakes;
    }

    /** Records what the horizon needs of the rank; true when any of it differs from what `into` held. */
    private boolean record(RankState rank, IncomingInterface incoming, Mailbox mailbox, RankWakes into) {
        int r = rank.rank;
        long wake = knownWake(rank, incoming, mailbox);
        boolean receiving = rank.activity() == RankState.Activity.RECEIVING;
        long clock = rank.clock.now();
        long outgoingFree = rank.outgoing.nextFree();
        boolean moved = wake != into.wake[r] || receiving != into.receiving[r] || clock != into.clock[r]
                || outgoingFree != into.outgoingFree[r];
        if (into == known && rank.isRunning() != into.running[r]) {
            running += rank.isRunning() ? 1 : -1;
        }
        into.wake[r] = wake;
        into.receiving[r] = receiving;
        into.running[r] = rank.isRunning();
        into.clock[r] = clock;
        into.outgoingFree[r] = outgoingFree;
        return moved;
    }

    /** The least (reach, rank) over every rank but `excluded` (-1: none); the fixpoint counts every rank. */
    private Horizon horizonOf(RankWakes ranks, int excluded) {
        long future = Long.MAX_VALUE;
        for (int rank = 0; rank < ranks.wake.length; rank++) {
            future = Math.min(future, nextReach(ranks.wake[rank], ranks.outgoingFree[rank]));
        }
        long reach = Long.MAX_VALUE;
        int first = Integer.MAX_VALUE;
        for (int rank = 0; rank < ranks.wake.length; rank++) {
            if (rank == excluded) {
                continue;
            }
            long w = ranks.wake[rank];
            if (ranks.receiving[rank] && future != Long.MAX_VALUE) {
                w = Math.min(w, Math.max(ranks.clock[rank], future));
            }
            long r = nextReach(w, ranks.outgoingFree[rank]);
            if (r < reach || (r == reach && rank < first)) {
                reach = r;
                first = rank;
            }
        }
        return new Horizon(reach, first);
    }

    /**
     * The least host CPU c with wake = clock + charge(c) such that wake + lookahead passes the message's reach
     * (strictly when the rank would win the tie); the outgoing interface's term of nextReach does not move
     * with CPU, and it holds the message back only through this one. charge() rounds, so the estimate from the
     * ratio is nudged to the exact least value; charge() is monotone, so a Progress of at least c releases it.
     */
    long cpuToRelease(RankState rank, long reach, int source) {
        long needed = reach - lookahead - rank.clock.now() + (rank.rank < source ? 1 : 0);
        TargetCpu cpu = cpus.of(rank.rank);
        long c = Math.max(0, (long) Math.ceil(needed * cpu.speedRatio()));
        while (cpu.chargeNanos(c) < needed) {
            c++;
        }
        while (c > 0 && cpu.chargeNanos(c - 1) >= needed) {
            c--;
        }
        return c;
    }

    /** The earliest the rank can act as far as announced facts tell; Long.MAX_VALUE when that is not known yet. */
    private long knownWake(RankState rank, IncomingInterface incoming, Mailbox mailbox) {
        return switch (rank.activity()) {
            case RUNNING -> lowerBound(rank);
            case RECEIVING -> rank.polling ? rank.clock.now() : Math.max(rank.clock.now(), Math.min(
                    mailbox.match(rank.wanted).map(AnnouncedMessage::arrivalNanos).orElse(Long.MAX_VALUE),
                    incoming.earliestArrival(rank.wanted, network)));
            case SENDING_SYNCHRONOUSLY -> Math.max(rank.clock.now(), rank.synchronousMessage.reachNanos());
            case FINISHED -> Long.MAX_VALUE;
        };
    }

    /** The earliest reach of a message the rank sends after `wake`: max(wake + min o_s, outgoing free + L). */
    private long nextReach(long wake, long outgoingFree) {
        if (wake == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        return Math.max(wake + lookahead, outgoingFree + latency);
    }

    /** The earliest a running rank can act: its clock plus the CPU its heartbeats reported. */
    private long lowerBound(RankState rank) {
        return rank.clock.now() + cpus.chargeNanos(rank.rank, rank.unchargedCpuNanos());
    }
}
