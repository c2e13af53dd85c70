package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.RankCpus;

/**
 * The kernel's network side: every rank's incoming interface and mailbox, the ranks waiting in a receive or
 * probe, and the passing of messages under {@link GrantRule}'s horizon.
 *
 * <p>Every message goes through its sender's outgoing and its receiver's incoming network interface
 * ({@link NetworkInterface}, LogGP's per-processor g and G). The one choice the kernel makes is the order in
 * which an incoming interface takes the messages that reach it; it lets a message pass only when
 * {@link GrantRule} shows that no rank can still announce one the interface would take first. Receives then
 * take the first matching message that has passed (for a specific source that is the earliest sent; for ANY
 * source the earliest arrival), so they are granted as soon as such a message has passed. Everything is
 * therefore decided in virtual-time order, whatever order the facts of different ranks come in.
 */
final class Interconnect {

    private final NetworkModel network;
    private final GrantRule grantRule;
    private final RankState[] ranks;
    private final Mailbox[] mailboxes;
    private final IncomingInterface[] incoming;
    /** The ranks waiting in a receive or probe; of those, the polling ones; the ranks with messages in their mailbox. */
    private final BitSet receivers = new BitSet();
    private final BitSet pollers = new BitSet();
    private final BitSet withMail = new BitSet();
    /**
     * Per rank, the reach of the message at the head of its incoming interface (none: Long.MAX_VALUE): the heads the
     * horizon lets pass are found in O(log P) each, not by a pass over every interface.
     */
    private final RankMinima headReaches;
    /** Announced messages that carry a task's result (by sequence), so the receiver's work on it is known. */
    private final Map<Long, Integer> resultsInFlight = new HashMap<>();
    private long nextSequence;

    Interconnect(NetworkModel network, RankCpus cpus, RankState[] ranks) {
        this.network = network;
        this.grantRule = new GrantRule(network, cpus);
        this.ranks = ranks;
        this.mailboxes = new Mailbox[ranks.length];
        this.incoming = new IncomingInterface[ranks.length];
        this.headReaches = new RankMinima(ranks.length);
        for (int rank = 0; rank < ranks.length; rank++) {
            mailboxes[rank] = new Mailbox();
            incoming[rank] = new IncomingInterface(network.newInterface());
        }
    }

    /**
     * The sender, done with o_s at its clock, hands the message to its outgoing interface: it leaves at
     * d >= clock and reaches the destination's incoming interface at d + L, where it waits to pass.
     */
    AnnouncedMessage send(RankState sender, RankFact.Sent sent, long sendStart) {
        long departure = sender.outgoing.leave(sender.clock.now(), network.interfaceNanos(sent.bytes()));
        AnnouncedMessage message = new AnnouncedMessage(nextSequence++, sender.rank, sent.dst(), sent.tag(),
                sent.context(), sent.bytes(), sendStart, departure, departure + network.latencyNanos(), AnnouncedMessage.WAITING,
                network.isSynchronous(sent.bytes()));
        incoming[sent.dst()].add(message);
        headReaches.set(sent.dst(), incoming[sent.dst()].head().reachNanos());
        changed(sender);
        grantRule.changed(sent.dst());
        if (sender.unsentResult != Charge.NONE) {
            resultsInFlight.put(message.sequence(), sender.unsentResult);
            sender.unsentResult = Charge.NONE;
        }
        return message;
    }

    /** The rank's state changed (clock, activity, CPU reported, what it waits for): see {@link GrantRule#changed}. */
    void changed(RankState rank) {
        grantRule.changed(rank.rank);
    }

    /** The rank waits in a receive or probe until it is granted or answered. */
    void await(RankState receiver) {
        receivers.set(receiver.rank);
        pollers.set(receiver.rank, receiver.polling);
        changed(receiver);
    }

    /** The rank was granted or answered. */
    void stopWaiting(RankState receiver) {
        receivers.clear(receiver.rank);
        pollers.clear(receiver.rank);
        changed(receiver);
    }

    /** The lowest waiting rank at or above `from`, -1 when none. */
    int nextReceiver(int from) {
        return receivers.nextSetBit(from);
    }

    /** The lowest polling rank at or above `from`, -1 when none. */
    int nextPoller(int from) {
        return pollers.nextSetBit(from);
    }

    /** The lowest waiting rank at or above `from` with a message in its mailbox (the only ones a grant can serve), -1 when none. */
    int nextReceiverWithMail(int from) {
        for (int rank = withMail.nextSetBit(from); rank >= 0; rank = withMail.nextSetBit(rank + 1)) {
            if (receivers.get(rank)) {
                return rank;
            }
        }
        return -1;
    }

    /** The first matching message that has passed the rank's interface, if any. */
    Optional<AnnouncedMessage> passedMatch(RankState receiver) {
        return mailboxes[receiver.rank].match(receiver.wanted);
    }

    /** The first message for any of `patterns` that has passed the rank's interface, if any. */
    Optional<AnnouncedMessage> passedMatch(int rank, List<MessagePattern> patterns) {
        return mailboxes[rank].match(patterns);
    }

    /**
     * The message the rank's next receive for `patterns` takes unless the rank sends to itself first, if that is
     * decided already: the first matching one that has passed its interface, or else the interface's head when it
     * matches and no other rank can still announce a message the interface would take first (the rank's own next
     * message aside: once it waits in that receive, its own term no longer holds the head back). Not with zero
     * lookahead, where ties among blocked ranks are broken only when all are blocked ({@link #passWhenAllBlocked}).
     */
    Optional<AnnouncedMessage> forecastMatch(int rank, List<MessagePattern> patterns) {
        Optional<AnnouncedMessage> passed = passedMatch(rank, patterns);
        AnnouncedMessage head = incoming[rank].head();
        if (passed.isPresent() || head == null || !head.matchesAny(patterns) || network.lookaheadNanos() == 0) {
            return passed;
        }
        return grantRule.horizonWithout(rank, ranks, incoming, mailboxes).allows(head) ? Optional.of(head) : Optional.empty();
    }

    /** A receive takes the message from the mailbox; returns the task whose result it carries (Charge.NONE: none). */
    int take(RankState receiver, AnnouncedMessage message) {
        mailboxes[receiver.rank].remove(message);
        withMail.set(receiver.rank, !mailboxes[receiver.rank].isEmpty());
        changed(receiver);
        Integer task = resultsInFlight.remove(message.sequence());
        return task == null ? Charge.NONE : task;
    }

    /** The earliest a matching message still waiting at the rank's interface can arrive (Long.MAX_VALUE: none). */
    long earliestWaitingArrival(RankState receiver) {
        return incoming[receiver.rank].earliestArrival(receiver.wanted, network);
    }

    /** Whether a message for what the rank waits for (or polled for last) has passed its interface or waits there. */
    boolean anyMessageFor(RankState rank) {
        return passedMatch(rank).isPresent() || earliestWaitingArrival(rank) != Long.MAX_VALUE;
    }

    /** The earliest (reach, rank) that any message not announced yet can have. */
    Horizon horizon() {
        return grantRule.horizon(ranks, incoming, mailboxes);
    }

    /** Every waiting message that no rank can still precede at its interface passes it. */
    boolean passAllowed() {
        if (headReaches.least(0, ranks.length) == Long.MAX_VALUE) {
            return false;
        }
        Horizon horizon = horizon();
        boolean passed = false;
        // interfaces in rank order, as a pass over them would; only those whose head reaches by the horizon's reach
        for (int rank = headReaches.firstAtMost(0, ranks.length, horizon.reach()); rank >= 0;
             rank = headReaches.firstAtMost(rank + 1, ranks.length, horizon.reach())) {
            AnnouncedMessage head = incoming[rank].head();
            while (head != null && horizon.allows(head)) {
                passHead(rank);
                passed = true;
                head = incoming[rank].head();
            }
        }
        return passed;
    }

    /**
     * Zero lookahead only (see {@link GrantRule}): when every unfinished rank is blocked, nothing can be sent
     * before something passes, so the least waiting message of all interfaces passes first.
     */
    boolean passWhenAllBlocked() {
        if (anyRunning()) {
            return false;
        }
        int least = -1;
        for (int rank = nextWithWaiting(0); rank >= 0; rank = nextWithWaiting(rank + 1)) {
            AnnouncedMessage head = incoming[rank].head();
            if (head != null && (least < 0 || AnnouncedMessage.interfaceOrder(head, incoming[least].head()) < 0)) {
                least = rank;
            }
        }
        if (least < 0) {
            return false;
        }
        passHead(least);
        return true;
    }

    /** The lowest rank at or above `from` with a message waiting at its incoming interface, -1 when none. */
    private int nextWithWaiting(int from) {
        return headReaches.firstAtMost(from, ranks.length, Long.MAX_VALUE - 1);
    }

    private void passHead(int rank) {
        mailboxes[rank].add(incoming[rank].passHead(network));
        AnnouncedMessage head = incoming[rank].head();
        headReaches.set(rank, head == null ? Long.MAX_VALUE : head.reachNanos());
        withMail.set(rank);
        grantRule.changed(rank);
    }

    /** The lower bounds to ask the running ranks for ({@link VirtualTimeKernel#progressRequests}). */
    List<EmulatorReply.ProgressRequest> progressRequests() {
        List<EmulatorReply.ProgressRequest> requests = grantRule.progressRequests(ranks, incoming, mailboxes);
        assert requests.equals(progressRequestsFromScratch()) : "progress requests " + requests;
        return requests;
    }

    /**
     * The same by a pass over every waiting rank and, for each, over every rank: what {@link GrantRule} finds in
     * O(log P) a rank, checked against this when assertions are on (the tests).
     */
    private List<EmulatorReply.ProgressRequest> progressRequestsFromScratch() {
        Map<Integer, EmulatorReply.ProgressRequest> least = new TreeMap<>();
        for (int rank = receivers.nextSetBit(0); rank >= 0; rank = receivers.nextSetBit(rank + 1)) {
            AnnouncedMessage head = incoming[rank].head();
            List<long[]> points = new ArrayList<>();
            if (head != null) {
                points.add(new long[] {head.reachNanos(), head.source()});
            }
            if (ranks[rank].polling) {
                points.add(new long[] {ranks[rank].clock.now() + 1, 0});
            }
            for (long[] point : points) {
                for (RankState other : ranks) {
                    if (grantRule.holdsBack(other, point[0], (int) point[1])) {
                        EmulatorReply.ProgressRequest request = new EmulatorReply.ProgressRequest(other.rank,
                                other.factsReported, grantRule.cpuToRelease(other, point[0], (int) point[1]));
                        least.merge(other.rank, request, (a, b) -> a.cpuNanos() <= b.cpuNanos() ? a : b);
                    }
                }
            }
        }
        return List.copyOf(least.values());
    }

    /** How long the rank's incoming interface was busy passing messages. */
    long incomingBusyNanos(int rank) {
        return incoming[rank].busyNanos();
    }

    /** Whether some rank runs (neither blocked nor finished): while one does, the run can neither end nor deadlock. */
    boolean anyRunning() {
        return grantRule.anyRunning(ranks, incoming, mailboxes);
    }
}
