package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
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
    private final SortedSet<Integer> receivers = new TreeSet<>();
    /** Announced messages that carry a task's result (by sequence), so the receiver's work on it is known. */
    private final Map<Long, Integer> resultsInFlight = new HashMap<>();
    private long nextSequence;

    Interconnect(NetworkModel network, RankCpus cpus, RankState[] ranks) {
        this.network = network;
        this.grantRule = new GrantRule(network, cpus);
        this.ranks = ranks;
        this.mailboxes = new Mailbox[ranks.length];
        this.incoming = new IncomingInterface[ranks.length];
        for (int rank = 0; rank < ranks.length; rank++) {
            mailboxes[rank] = new Mailbox();
            incoming[rank] = new IncomingInterface();
        }
    }

    /**
     * The sender, done with o_s at its clock, hands the message to its outgoing interface: it leaves at
     * d >= clock and reaches the destination's incoming interface at d + L, where it waits to pass.
     */
    AnnouncedMessage send(RankState sender, RankFact.Sent sent, long sendStart) {
        long departure = sender.outgoing.leave(sender.clock.now(), network.interfaceNanos(sent.bytes()));
        AnnouncedMessage message = new AnnouncedMessage(nextSequence++, sender.rank, sent.dst(), sent.tag(),
                sent.bytes(), sendStart, departure, departure + network.latencyNanos(), AnnouncedMessage.WAITING,
                network.isSynchronous(sent.bytes()));
        incoming[sent.dst()].add(message);
        if (sender.unsentResult != Charge.NONE) {
            resultsInFlight.put(message.sequence(), sender.unsentResult);
            sender.unsentResult = Charge.NONE;
        }
        return message;
    }

    /** The rank waits in a receive or probe until it is granted or answered. */
    void await(RankState receiver) {
        receivers.add(receiver.rank);
    }

    /** The rank was granted or answered. */
    void stopWaiting(RankState receiver) {
        receivers.remove(receiver.rank);
    }

    /** The ranks waiting in a receive or probe, lowest first. */
    SortedSet<Integer> receivers() {
        return receivers;
    }

    /** The first matching message that has passed the rank's interface, if any. */
    Optional<AnnouncedMessage> passedMatch(RankState receiver) {
        return mailboxes[receiver.rank].match(receiver.wanted);
    }

    /** A receive takes the message from the mailbox; returns the task whose result it carries (Charge.NONE: none). */
    int take(RankState receiver, AnnouncedMessage message) {
        mailboxes[receiver.rank].remove(message);
        Integer task = resultsInFlight.remove(message.sequence());
        return task == null ? Charge.NONE : task;
    }

    /** The earliest a matching message still waiting at the rank's interface can arrive (Long.MAX_VALUE: none). */
    long earliestWaitingArrival(RankState receiver) {
        return incoming[receiver.rank].earliestArrival(receiver.wanted, network);
    }

    /** The earliest (reach, rank) that any message not announced yet can have. */
    GrantRule.Horizon horizon() {
        return grantRule.horizon(ranks, incoming, mailboxes);
    }

    /** Every waiting message that no rank can still precede at its interface passes it. */
    boolean passAllowed() {
        GrantRule.Horizon horizon = horizon();
        boolean passed = false;
        for (int rank = 0; rank < incoming.length; rank++) {
            AnnouncedMessage head = incoming[rank].head();
            while (head != null && horizon.allows(head)) {
                mailboxes[rank].add(incoming[rank].passHead(network));
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
        for (int rank = 0; rank < incoming.length; rank++) {
            AnnouncedMessage head = incoming[rank].head();
            if (head != null && (least < 0 || AnnouncedMessage.interfaceOrder(head, incoming[least].head()) < 0)) {
                least = rank;
            }
        }
        if (least < 0) {
            return false;
        }
        mailboxes[least].add(incoming[least].passHead(network));
        return true;
    }

    /** The lower bounds to ask the running ranks for ({@link VirtualTimeKernel#progressRequests}). */
    List<EmulatorReply.ProgressRequest> progressRequests() {
        Map<Integer, EmulatorReply.ProgressRequest> least = new TreeMap<>();
        for (int rank : receivers) {
            AnnouncedMessage head = incoming[rank].head();
            List<EmulatorReply.ProgressRequest> requests = new ArrayList<>();
            if (head != null) {
                requests.addAll(grantRule.holdingBack(ranks, head));
            }
            if (ranks[rank].polling) {
                requests.addAll(grantRule.holdingBack(ranks, ranks[rank].clock.now() + 1, 0));
            }
            for (EmulatorReply.ProgressRequest request : requests) {
                least.merge(request.rank(), request, (a, b) -> a.cpuNanos() <= b.cpuNanos() ? a : b);
            }
        }
        return List.copyOf(least.values());
    }

    /** How long the rank's incoming interface was busy passing messages. */
    long incomingBusyNanos(int rank) {
        return incoming[rank].busyNanos();
    }

    boolean anyRunning() {
        for (RankState rank : ranks) {
            if (rank.isRunning()) {
                return true;
            }
        }
        return false;
    }
}
