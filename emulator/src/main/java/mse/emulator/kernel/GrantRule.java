package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.Arrays;
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
 *   <li>running: its clock plus the CPU its Progress reported (asked for on demand, see {@link #holdingBack});</li>
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

    /** The earliest (reach, rank) that any message not announced yet can have. */
    record Horizon(long reach, int rank) {

        /** True when no message announced later can pass before `message` at its interface. */
        boolean allows(AnnouncedMessage message) {
            return allows(message.reachNanos(), message.source());
        }

        /** True when no message announced later can pass before one reaching at `otherReach` from `source`. */
        boolean allows(long otherReach, int source) {
            return !(reach < otherReach || (reach == otherReach && rank < source));
        }

        /** True when no message announced later can arrive at `now` or before (a poll as of `now` can answer). */
        boolean beyond(long now) {
            return reach > now;
        }
    }

    private final NetworkModel network;
    private final RankCpus cpus;
    private final long lookahead;
    private final long latency;
    /** What the horizon needs of each rank, as last computed; stale ranks are computed again (see {@link #changed}). */
    private final Wakes known;
    private final boolean[] stale;
    private boolean anyStale = true;
    private Horizon last;

    /** Per rank: its known wake, whether it waits in a receive, its clock and when its outgoing interface is free. */
    private static final class Wakes {
        final long[] wake;
        final boolean[] receiving;
        final long[] clock;
        final long[] outgoingFree;

        Wakes(int processes) {
            wake = new long[processes];
            receiving = new boolean[processes];
            clock = new long[processes];
            outgoingFree = new long[processes];
        }
    }

    GrantRule(NetworkModel network, RankCpus cpus) {
        this.network = network;
        this.cpus = cpus;
        this.lookahead = network.lookaheadNanos();
        this.latency = network.latencyNanos();
        this.known = new Wakes(network.processes());
        this.stale = new boolean[network.processes()];
        Arrays.fill(stale, true);
    }

    /**
     * The rank's state, incoming interface or mailbox changed: its known wake is computed again at the next
     * horizon, every other rank's is reused. A settle step changes one or two ranks, so the horizon costs P
     * cheap steps instead of P interface scans (DY's replay asks for about three per message). Tests run with
     * assertions on, which check every horizon against one computed from scratch.
     */
    void changed(int rank) {
        stale[rank] = true;
        anyStale = true;
    }

    /** The horizon over every unfinished rank, with the fixpoint for ranks that wait on an unannounced message. */
    Horizon horizon(RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        if (anyStale) {
            boolean moved = last == null;
            for (RankState rank : ranks) {
                if (stale[rank.rank]) {
                    moved |= record(rank, incoming[rank.rank], mailboxes[rank.rank], known);
                    stale[rank.rank] = false;
                }
            }
            anyStale = false;
            if (moved) {
                last = horizonOf(known, -1); // a pure function of `known`: unchanged entries leave it as it was
            }
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
        return horizonOf(known, excluded);
    }

    private Wakes fresh(RankState[] ranks, IncomingInterface[] incoming, Mailbox[] mailboxes) {
        Wakes wakes = new Wakes(ranks.length);
        for (RankState rank : ranks) {
            record(rank, incoming[rank.rank], mailboxes[rank.rank], wakes);
        }
        return wakes;
    }

    /** Records what the horizon needs of the rank; true when any of it differs from what `into` held. */
    private boolean record(RankState rank, IncomingInterface incoming, Mailbox mailbox, Wakes into) {
        int r = rank.rank;
        long wake = knownWake(rank, incoming, mailbox);
        boolean receiving = rank.activity() == RankState.Activity.RECEIVING;
        long clock = rank.clock.now();
        long outgoingFree = rank.outgoing.nextFree();
        boolean moved = wake != into.wake[r] || receiving != into.receiving[r] || clock != into.clock[r]
                || outgoingFree != into.outgoingFree[r];
        into.wake[r] = wake;
        into.receiving[r] = receiving;
        into.clock[r] = clock;
        into.outgoingFree[r] = outgoingFree;
        return moved;
    }

    /** The least (reach, rank) over every rank but `excluded` (-1: none); the fixpoint counts every rank. */
    private Horizon horizonOf(Wakes ranks, int excluded) {
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
     * What the running ranks whose next message could still pass before `message` must tell before it can
     * pass: for each, the host CPU time since its last fact that lifts its next reach past the message (null
     * messages on demand, Chandy-Misra-Bryant). In rank order.
     */
    List<EmulatorReply.ProgressRequest> holdingBack(RankState[] ranks, AnnouncedMessage message) {
        return holdingBack(ranks, message.reachNanos(), message.source());
    }

    /**
     * The same for a message that would reach an interface at `reach` from `source`; a poll as of virtual time
     * t is held back like a message reaching at t + 1 from rank 0 (nothing may reach at t or before).
     */
    List<EmulatorReply.ProgressRequest> holdingBack(RankState[] ranks, long reach, int source) {
        List<EmulatorReply.ProgressRequest> requests = new ArrayList<>();
        for (RankState rank : ranks) {
            if (rank.isRunning() && !new Horizon(nextReach(rank, lowerBound(rank)), rank.rank).allows(reach, source)) {
                requests.add(new EmulatorReply.ProgressRequest(rank.rank, rank.factsReported, cpuToRelease(rank, reach, source)));
            }
        }
        return requests;
    }

    /**
     * The least host CPU c with wake = clock + charge(c) such that wake + lookahead passes the message's reach
     * (strictly when the rank would win the tie); the outgoing interface's term of nextReach does not move
     * with CPU, and it holds the message back only through this one. charge() rounds, so the estimate from the
     * ratio is nudged to the exact least value; charge() is monotone, so a Progress of at least c releases it.
     */
    private long cpuToRelease(RankState rank, long reach, int source) {
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

    /** The earliest reach of a message the rank sends after `wake`: max(wake + min o_s, outgoing free) + L. */
    private long nextReach(RankState rank, long wake) {
        return nextReach(wake, rank.outgoing.nextFree());
    }

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
