package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import mse.emulator.model.MessageTiming;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;

/**
 * The virtual-time kernel: consumes {@link RankFact}s, keeps one virtual clock per rank and answers with
 * {@link EmulatorReply}s, following DESIGN.md "Virtual time rules" (seed 001 (001_cb00b78257109af6.txt)
 * sections 2.2-2.3: LogGPS with o(P, k) = o'a + o'b P + O k). Single-threaded and deterministic: the virtual
 * result depends only on each rank's own sequence of facts, not on how facts of different ranks interleave.
 *
 * <p>Every message goes through its sender's outgoing and its receiver's incoming network interface
 * ({@link NetworkInterface}, LogGP's per-processor g and G). The one choice the kernel makes is the order in
 * which an incoming interface takes the messages that reach it; it lets a message pass only when
 * {@link GrantRule} shows that no rank can still announce one the interface would take first. Receives then
 * take the first matching message that has passed (for a specific source that is the earliest sent; for ANY
 * source the earliest arrival), so they are granted as soon as such a message has passed. Everything is
 * therefore decided in virtual-time order, whatever order the facts of different ranks come in.
 *
 * <p>Non-blocking operations (DESIGN.md "Virtual time rules", "Probe / test") come as ProbeAny facts. A blocking
 * one (waitAny) is a probe over several patterns: it takes the first matching message to arrive. One as of now
 * (iprobe, test) is answered for the rank's clock without waiting for the message: "arrived" as soon as the first
 * matching message that passed the interface arrived by then, "nothing" once no message can still arrive by then
 * (no matching one waiting at the interface does, and the {@link GrantRule} horizon lies beyond the clock); until
 * then the rank is held like a blocked one, and running ranks are asked for their lower bounds. An empty poll costs
 * o_r(P, 0), so a polling loop advances in virtual time even where computation is not charged. Which posted
 * receive a message goes to is the rank's own business (mse.mpi.comm.PostedReceives): the kernel only ever sees
 * the probes and receives that matching makes.
 *
 * <p>Synchronous messages (k >= S when S > 0) are a rendezvous: the sender resumes at the time the receiver
 * starts receiving the message, max(receiver clock, arrival), never before its own departure. This keeps the
 * data's arrival as in the eager case and charges the sender the wait for the receiver, as MPI_Ssend does.
 */
public final class VirtualTimeKernel {

    private final NetworkModel network;
    private final RankCpus cpus;
    private final KernelObserver observer;
    private final GrantRule grantRule;
    private final RankState[] ranks;
    private final Mailbox[] mailboxes;
    private final IncomingInterface[] incoming;
    private final SortedSet<Integer> receivers = new TreeSet<>();
    /** Announced messages that carry a task's result (by sequence), so the receiver's work on it is known. */
    private final Map<Long, Integer> resultsInFlight = new HashMap<>();
    private long nextSequence;
    private RunOutcome outcome = new RunOutcome.Running();

    /** A kernel whose ranks compute on the CPUs `cpus` says, one per process of the network model. */
    public VirtualTimeKernel(NetworkModel network, RankCpus cpus, KernelObserver observer) {
        int processes = network.processes();
        if (cpus.ranks() != processes) {
            throw new IllegalArgumentException(cpus.ranks() + " rank CPUs for " + processes + " processes");
        }
        this.network = network;
        this.cpus = cpus;
        this.grantRule = new GrantRule(network, cpus);
        this.observer = observer;
        this.ranks = new RankState[processes];
        this.mailboxes = new Mailbox[processes];
        this.incoming = new IncomingInterface[processes];
        for (int rank = 0; rank < processes; rank++) {
            ranks[rank] = new RankState(rank);
            mailboxes[rank] = new Mailbox();
            incoming[rank] = new IncomingInterface();
        }
    }

    /** Every rank on the same target CPU. */
    public VirtualTimeKernel(NetworkModel network, TargetCpu cpu, KernelObserver observer) {
        this(network, RankCpus.uniform(cpu, network.processes()), observer);
    }

    public VirtualTimeKernel(NetworkModel network, TargetCpu cpu) {
        this(network, cpu, KernelObserver.NONE);
    }

    /**
     * Applies one fact and everything it makes possible; returns the replies, in decision order: a Grant for
     * every receive settled (the caller forwards those whose rank asked, needsAnswer), a Clock for every
     * ClockQuery, and an Abort for every live rank when the run ends by deadlock or failure.
     */
    public List<EmulatorReply> accept(RankFact fact) {
        List<EmulatorReply> replies = new ArrayList<>();
        RankState rank = rankOf(fact.rank());
        if (outcome.isOver()) {
            replies.add(new EmulatorReply.Abort(fact.rank(), "the run is over: " + outcome.reason()));
            return replies;
        }
        if (fact instanceof RankFact.Failed failed) {
            fail(failed, replies);
            return replies;
        }
        if (rank.isFinished()) {
            if (fact instanceof RankFact.Progress) {
                return replies; // a heartbeat answer that crossed Finished on the wire: nothing new in it
            }
            throw new RankProtocolException(rank.rank, "rank " + rank.rank + " reported " + fact + " after it finished");
        }
        if (!(fact instanceof RankFact.Progress)) {
            rank.factsReported++;
        }
        if (rank.isBlocked()) {
            rank.held.add(fact);
        } else {
            apply(rank, fact, replies);
        }
        settle(replies);
        if (!rank.isRunning()) {
            concludeIfOver(replies); // while the reporting rank runs, the run can neither end nor deadlock
        }
        return replies;
    }

    /**
     * What the running ranks whose next message could still pass before a message waiting at the incoming
     * interface of a receiving rank must report first: for each, the least CPU target over those messages
     * (lower bounds on demand). Empty when nobody waits on them, so the shell asks only when it matters, and
     * each rank answers once its CPU got there.
     */
    public List<EmulatorReply.ProgressRequest> progressRequests() {
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

    public RunOutcome outcome() {
        return outcome;
    }

    /** The accounting so far (final once the outcome is over). */
    public RunResult result() {
        return new RunResult(outcome, Arrays.stream(ranks).map(rank -> rank.account(incoming[rank.rank].busyNanos())).toList(),
                Arrays.stream(ranks).map(rank -> rank.lowerBounds).toList());
    }

    /**
     * Whether the rank reported Finished, applied or still held behind a receive the kernel has not settled: a
     * rank that then closes its connection left cleanly, having said all it had to say.
     */
    public boolean reportedFinish(int rank) {
        RankState r = rankOf(rank);
        return r.isFinished() || r.held.stream().anyMatch(f -> f instanceof RankFact.Finished);
    }

    /** The rank's current virtual clock (without Progress not yet charged). */
    public long clockOf(int rank) {
        return rankOf(rank).clock.now();
    }

    private void apply(RankState rank, RankFact fact, List<EmulatorReply> replies) {
        if (fact instanceof RankFact.Progress progress) {
            rank.addProgress(progress);
        } else if (fact instanceof RankFact.Computed computed) {
            compute(rank, computed.cpuNanos());
        } else if (fact instanceof RankFact.Sent sent) {
            compute(rank, sent.cpuNanos());
            send(rank, sent);
        } else if (fact instanceof RankFact.Receive receive) {
            compute(rank, receive.cpuNanos());
            post(rank, List.of(new MessagePattern(receive.source(), receive.tag())), false, false);
        } else if (fact instanceof RankFact.Probe probe) {
            compute(rank, probe.cpuNanos());
            post(rank, List.of(new MessagePattern(probe.source(), probe.tag())), true, false);
        } else if (fact instanceof RankFact.ProbeAny probe) {
            compute(rank, probe.cpuNanos());
            post(rank, probe.patterns(), true, probe.asOfNow());
        } else if (fact instanceof RankFact.TaskDone task) {
            long start = rank.clock.now();
            compute(rank, task.cpuNanos(), task.taskId());
            rank.unsentResult = task.taskId();
            observer.taskDone(new TaskRecord(task.taskId(), rank.rank, task.measuredCpuNanos(), start, rank.clock.now()));
        } else if (fact instanceof RankFact.ClockQuery query) {
            compute(rank, query.cpuNanos());
            replies.add(new EmulatorReply.Clock(rank.rank, rank.clock.now()));
        } else if (fact instanceof RankFact.Finished finished) {
            compute(rank, finished.cpuNanos());
            rank.finish();
        } else {
            throw new IllegalArgumentException("unexpected fact " + fact);
        }
    }

    /** Computation first: host CPU scaled to the target CPU, with the ratio of the rank's host (DESIGN.md, "Computation"). */
    private void compute(RankState rank, long cpuNanos) {
        compute(rank, cpuNanos, Charge.NONE);
    }

    private void compute(RankState rank, long cpuNanos, int task) {
        if (rank.receivedResult != Charge.NONE) {
            observer.resultHandled(rank.rank, rank.receivedResult, cpuNanos);
        }
        long charge = cpus.chargeNanos(rank.rank, rank.takeCpu(cpuNanos));
        long start = rank.clock.now();
        rank.clock.advanceBy(charge);
        rank.computeNanos += charge;
        if (charge > 0) {
            observer.charged(Charge.compute(rank.rank, start, rank.clock.now(), task));
        }
    }

    /** Send at t: busy o_s, leaves its outgoing interface at d >= t + o_s, reaches the destination's at d + L. */
    private void send(RankState sender, RankFact.Sent sent) {
        int destination = checkedRank(sent.dst(), "destination");
        if (sent.bytes() < 0) {
            throw new IllegalArgumentException("negative message length in " + sent);
        }
        long start = sender.clock.now();
        long overhead = network.sendOverheadNanos(sent.bytes());
        sender.clock.advanceBy(overhead);
        sender.sendNanos += overhead;
        if (overhead > 0) {
            observer.charged(Charge.send(sender.rank, start, sender.clock.now(), destination, sent.tag(), sent.bytes()));
        }
        long departure = sender.outgoing.leave(sender.clock.now(), network.interfaceNanos(sent.bytes()));
        AnnouncedMessage message = new AnnouncedMessage(nextSequence++, sender.rank, destination, sent.tag(),
                sent.bytes(), start, departure, departure + network.latencyNanos(), AnnouncedMessage.WAITING,
                network.isSynchronous(sent.bytes()));
        incoming[destination].add(message);
        if (sender.unsentResult != Charge.NONE) {
            resultsInFlight.put(message.sequence(), sender.unsentResult);
            sender.unsentResult = Charge.NONE;
        }
        if (message.synchronous()) {
            sender.sendSynchronously(message);
        }
    }

    private void post(RankState receiver, List<MessagePattern> patterns, boolean probe, boolean asOfNow) {
        for (MessagePattern pattern : patterns) {
            if (pattern.source() != RankFact.ANY) {
                checkedRank(pattern.source(), "source");
            }
        }
        receiver.receivedResult = Charge.NONE; // its work on the last result ended with this receive's CPU
        receiver.receive(patterns, probe, asOfNow);
        receivers.add(receiver.rank);
    }

    /**
     * Grants and lets messages pass their interfaces until nothing more can happen; each grant may wake ranks
     * whose held facts then apply.
     */
    private void settle(List<EmulatorReply> replies) {
        while (grantOne(replies) || passAllowed() || answerPolls(replies) || passWhenAllBlocked() || answerLeastPoll(replies)) {
            // each step changed the state; try again
        }
    }

    /**
     * A receive whose first matching message has passed the interface takes it (lowest receiving rank first).
     * A poll whose first matching message has passed is answered too: that message arrived by the rank's clock
     * or, since later ones arrive later still, none did.
     */
    private boolean grantOne(List<EmulatorReply> replies) {
        for (int rank : receivers) {
            RankState receiver = ranks[rank];
            Optional<AnnouncedMessage> message = mailboxes[rank].match(receiver.wanted);
            if (message.isPresent()) {
                if (receiver.polling && message.get().arrivalNanos() > receiver.clock.now()) {
                    answerNothingArrived(receiver, replies);
                } else {
                    grant(receiver, message.get(), replies);
                }
                return true;
            }
        }
        return false;
    }

    /**
     * A poll with no matching message passed is answered "nothing arrived" once nothing can arrive by the rank's
     * clock: no matching message waiting at its interface arrives that early and no rank can still announce one
     * that reaches it by then (the horizon of {@link GrantRule}), as DESIGN.md asks of probes.
     */
    private boolean answerPolls(List<EmulatorReply> replies) {
        GrantRule.Horizon horizon = null;
        for (int rank : receivers) {
            RankState poller = ranks[rank];
            if (poller.polling) {
                horizon = horizon != null ? horizon : grantRule.horizon(ranks, incoming, mailboxes);
                long now = poller.clock.now();
                if (horizon.beyond(now) && incoming[rank].earliestArrival(poller.wanted, network) > now) {
                    answerNothingArrived(poller, replies);
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Zero lookahead only, like {@link #passWhenAllBlocked}: when every unfinished rank is blocked and every
     * interface is empty, the poll with the least clock (then rank) answers with what has arrived: nothing.
     */
    private boolean answerLeastPoll(List<EmulatorReply> replies) {
        if (Arrays.stream(ranks).anyMatch(RankState::isRunning)) {
            return false;
        }
        RankState least = null;
        for (int rank : receivers) {
            RankState poller = ranks[rank];
            if (poller.polling && (least == null || poller.clock.now() < least.clock.now())) {
                least = poller;
            }
        }
        if (least == null) {
            return false;
        }
        answerNothingArrived(least, replies);
        return true;
    }

    /**
     * Answers a poll "nothing by now", then charges it the receive overhead of an empty message, o_r(P, 0), at
     * least 1 ns: looking at the network is the fixed part of a receive, and the charge keeps a polling loop
     * moving in virtual time even where computation is not charged (deterministic task costs).
     */
    private void answerNothingArrived(RankState poller, List<EmulatorReply> replies) {
        receivers.remove(poller.rank);
        long asOf = poller.clock.now();
        long overhead = Math.max(1, network.recvOverheadNanos(0));
        poller.clock.advanceBy(overhead);
        poller.receiveNanos += overhead;
        observer.charged(Charge.receive(poller.rank, asOf, poller.clock.now(), Charge.NONE, Charge.NONE, 0));
        poller.resume();
        replies.add(new EmulatorReply.NothingArrived(poller.rank, asOf));
        applyHeld(poller, replies);
    }

    /** Every waiting message that no rank can still precede at its interface passes it. */
    private boolean passAllowed() {
        GrantRule.Horizon horizon = grantRule.horizon(ranks, incoming, mailboxes);
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
    private boolean passWhenAllBlocked() {
        if (Arrays.stream(ranks).anyMatch(RankState::isRunning)) {
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

    /** Receive: clock = max(clock, a) + o_r(P, k); a synchronous sender resumes when the receive starts. */
    private void grant(RankState receiver, AnnouncedMessage message, List<EmulatorReply> replies) {
        receivers.remove(receiver.rank);
        receiver.idleNanos += receiver.clock.waitUntil(MessageTiming.receiveStart(receiver.clock.now(), message.arrivalNanos()));
        if (receiver.probing) {
            // A probe only waits for the message: it stays queued for the receive that follows.
            receiver.resume();
            replies.add(new EmulatorReply.Grant(receiver.rank, message.source(), message.tag(), message.bytes(),
                    receiver.clock.now()));
            applyHeld(receiver, replies);
            return;
        }
        mailboxes[receiver.rank].remove(message);
        receiver.receivedResult = resultsInFlight.getOrDefault(message.sequence(), Charge.NONE);
        resultsInFlight.remove(message.sequence());
        long start = receiver.clock.now();
        long overhead = network.recvOverheadNanos(message.bytes());
        receiver.clock.advanceBy(overhead);
        receiver.receiveNanos += overhead;
        if (overhead > 0) {
            observer.charged(Charge.receive(receiver.rank, start, receiver.clock.now(), message.source(), message.tag(), message.bytes()));
        }
        receiver.resume();
        replies.add(new EmulatorReply.Grant(receiver.rank, message.source(), message.tag(), message.bytes(),
                receiver.clock.now()));
        observer.messageReceived(message.received(start, receiver.clock.now()));
        if (message.synchronous()) {
            RankState sender = ranks[message.source()];
            sender.idleNanos += sender.clock.waitUntil(start);
            sender.resume();
            applyHeld(sender, replies);
        }
        applyHeld(receiver, replies);
    }

    private void applyHeld(RankState rank, List<EmulatorReply> replies) {
        while (rank.isRunning() && !rank.held.isEmpty()) {
            RankFact fact = rank.held.poll();
            try {
                apply(rank, fact, replies);
            } catch (IllegalArgumentException bad) {
                // Applied while another rank's fact is handled: name the rank that sent it.
                throw new RankProtocolException(rank.rank, "rank " + rank.rank + " reported " + fact + ": " + bad.getMessage());
            }
        }
        if (rank.isFinished()) {
            rank.held.removeIf(RankFact.Progress.class::isInstance); // heartbeats that crossed Finished
            if (!rank.held.isEmpty()) {
                throw new RankProtocolException(rank.rank, "rank " + rank.rank + " reported " + rank.held.peek() + " after it finished");
            }
        }
    }

    private void concludeIfOver(List<EmulatorReply> replies) {
        List<RankState> live = Arrays.stream(ranks).filter(rank -> !rank.isFinished()).toList();
        if (live.isEmpty()) {
            outcome = new RunOutcome.Completed();
        } else if (live.stream().noneMatch(RankState::isRunning)) {
            // Nobody runs, so settle() let every waiting message pass and granted every receive it could.
            DeadlockReport report = new DeadlockReport(live.stream()
                    .map(rank -> new DeadlockReport.Wait(rank.rank, rank.waitDescription())).toList());
            outcome = new RunOutcome.Deadlocked(report);
            live.forEach(rank -> replies.add(new EmulatorReply.Abort(rank.rank, report.toString())));
        }
    }

    private void fail(RankFact.Failed failed, List<EmulatorReply> replies) {
        outcome = new RunOutcome.Failed(failed.rank(), failed.reason());
        for (RankState rank : ranks) {
            if (!rank.isFinished() && rank.rank != failed.rank()) {
                replies.add(new EmulatorReply.Abort(rank.rank, outcome.reason()));
            }
        }
    }

    private RankState rankOf(int rank) {
        return ranks[checkedRank(rank, "rank")];
    }

    private int checkedRank(int rank, String role) {
        if (rank < 0 || rank >= ranks.length) {
            throw new IllegalArgumentException(role + " " + rank + " outside 0.." + (ranks.length - 1));
        }
        return rank;
    }
}
