package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mse.emulator.model.MessageTiming;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;

/**
 * The virtual-time kernel: consumes {@link RankFact}s, keeps one virtual clock per rank and answers with
 * {@link EmulatorReply}s, following docs/architecture.md "Virtual time rules" (seed 001 (001_cb00b78257109af6.txt)
 * sections 2.2-2.3: LogGPS with o(P, k) = o'a + o'b P + O k). Single-threaded and deterministic: the virtual
 * result depends only on each rank's own sequence of facts, not on how facts of different ranks interleave.
 *
 * <p>The one choice the kernel makes is the order in which an incoming interface takes the messages that reach
 * it ({@link Interconnect}, under {@link GrantRule}); receives then take the first matching message that has
 * passed, so everything is decided in virtual-time order, whatever order the facts of different ranks come in.
 *
 * <p>Non-blocking operations come as ProbeAny facts; {@link PollRule} says when a poll answers "nothing".
 *
 * <p>Synchronous messages (k >= S when S > 0) are a rendezvous: the sender resumes at the time the receiver
 * starts receiving the message, max(receiver clock, arrival), never before its own departure. This keeps the
 * data's arrival as in the eager case and charges the sender the wait for the receiver, as MPI_Ssend does.
 */
public final class VirtualTimeKernel {

    private final KernelObserver observer;
    private final RankState[] ranks;
    private final Interconnect interconnect;
    private final PollRule pollRule;
    private final RankCharges charges;
    private final CollectiveCalls collectiveCalls;
    private final PollLoops pollLoops;
    private RunOutcome outcome = new RunOutcome.Running();

    /** A kernel whose ranks compute on the CPUs `cpus` says, one per process of the network model. */
    public VirtualTimeKernel(NetworkModel network, RankCpus cpus, KernelObserver observer) {
        int processes = network.processes();
        if (cpus.ranks() != processes) {
            throw new IllegalArgumentException(cpus.ranks() + " rank CPUs for " + processes + " processes");
        }
        this.observer = observer;
        this.ranks = new RankState[processes];
        for (int rank = 0; rank < processes; rank++) {
            ranks[rank] = new RankState(rank, network.newInterface());
        }
        this.interconnect = new Interconnect(network, cpus, ranks);
        this.pollRule = new PollRule(ranks, interconnect);
        this.charges = new RankCharges(network, cpus, observer);
        this.collectiveCalls = new CollectiveCalls(processes);
        this.pollLoops = new PollLoops(processes);
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
            outcome = RunEnding.failed(ranks, failed, replies);
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
        if (fact instanceof RankFact.Collective call) {
            // compared as it arrives, before any message of the collective is granted; then applied in the rank's
            // order like any fact (it costs nothing in virtual time), so that the entry it marks is in its place
            collectiveCalls.check(call).ifPresent(difference -> outcome = RunEnding.erroneous(ranks, call.rank(), difference, replies));
            observer.collectiveCalled(call);
            if (outcome.isOver()) {
                return replies;
            }
        }
        if (fact instanceof RankFact.Blocks blocks) {
            // a v collective's pairs, compared as they arrive like its call; nothing to apply
            collectiveCalls.blocks(blocks).ifPresent(difference -> outcome = RunEnding.erroneous(ranks, blocks.rank(), difference, replies));
            if (outcome.isOver()) {
                return replies;
            }
        }
        interconnect.changed(rank);
        if (!PollLoops.changesNothing(fact)) {
            pollLoops.progress();
        }
        if (rank.isBlocked()) {
            rank.held.add(fact);
        } else {
            apply(rank, fact, replies);
        }
        settle(replies);
        if (pollLoops.deadlocked(ranks, interconnect)) {
            outcome = RunEnding.pollingForever(ranks, pollLoops, replies);
            return replies;
        }
        if (!rank.isRunning() && !interconnect.anyRunning()) {
            // while a rank runs (the reporting one first), the run can neither end nor deadlock
            RunEnding.ifOver(ranks, replies).ifPresent(ended -> outcome = ended);
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
        return interconnect.progressRequests();
    }

    public RunOutcome outcome() {
        return outcome;
    }

    /** The accounting so far (final once the outcome is over). */
    public RunResult result() {
        Map<Integer, OffCpuTime> offCpu = new HashMap<>();
        List<MpiErrorCount> errors = new ArrayList<>();
        for (RankState rank : ranks) {
            if (rank.offCpu != null) {
                offCpu.put(rank.rank, rank.offCpu);
            }
            errors.addAll(rank.errors.values());
        }
        return new RunResult(outcome, Arrays.stream(ranks).map(rank -> rank.account(interconnect.incomingBusyNanos(rank.rank))).toList(),
                Arrays.stream(ranks).map(rank -> rank.lowerBounds).toList(), offCpu, errors);
    }

    /**
     * Whether the rank reported Finished, applied or still held behind a receive the kernel has not settled: a
     * rank that then closes its connection left cleanly, having said all it had to say.
     */
    public boolean reportedFinish(int rank) {
        RankState r = rankOf(rank);
        return r.isFinished() || r.held.stream().anyMatch(f -> f instanceof RankFact.Finished);
    }

    /**
     * What a blocking receive of `rank` for `pattern` takes whenever it is posted, if that is decided already: the
     * first matching message that has passed the rank's interface, or the one that will pass it first, since no
     * other rank can announce one the interface would take before it. Messages pass in order, so no later one can
     * come before it; only another receive or probe of the same rank, or a message it sends to itself, could
     * change that.
     */
    public Optional<EmulatorReply.Grant.Next> decidedMatch(int rank, MessagePattern pattern) {
        return interconnect.forecastMatch(rankOf(rank).rank, List.of(pattern))
                .map(m -> new EmulatorReply.Grant.Next(m.source(), m.tag(), m.bytes(), m.context()));
    }

    /** Whether the rank runs: neither blocked in a receive, probe or synchronous send, nor finished. */
    public boolean isRunning(int rank) {
        return rankOf(rank).isRunning();
    }

    /** The rank's current virtual clock (without Progress not yet charged). */
    public long clockOf(int rank) {
        return rankOf(rank).clock.now();
    }

    private void apply(RankState rank, RankFact fact, List<EmulatorReply> replies) {
        if (fact instanceof RankFact.Progress progress) {
            rank.addProgress(progress);
        } else if (fact instanceof RankFact.Computed computed) {
            charges.compute(rank, computed.cpuNanos());
        } else if (fact instanceof RankFact.Sent sent) {
            charges.compute(rank, sent.cpuNanos());
            send(rank, sent);
        } else if (fact instanceof RankFact.Receive receive) {
            charges.compute(rank, receive.cpuNanos());
            post(rank, List.of(receive.pattern()), false, false);
        } else if (fact instanceof RankFact.Probe probe) {
            charges.compute(rank, probe.cpuNanos());
            post(rank, List.of(probe.pattern()), true, false);
        } else if (fact instanceof RankFact.ProbeAny probe) {
            charges.compute(rank, probe.cpuNanos());
            post(rank, probe.patterns(), true, probe.asOfNow());
        } else if (fact instanceof RankFact.TaskDone task) {
            long start = rank.clock.now();
            charges.compute(rank, task.cpuNanos(), task.taskId());
            rank.unsentResult = task.taskId();
            observer.taskDone(new TaskRecord(task.taskId(), rank.rank, task.measuredCpuNanos(), start, rank.clock.now()));
        } else if (fact instanceof RankFact.Collective call) {
            observer.collectiveEntered(call);
        } else if (fact instanceof RankFact.ClockQuery query) {
            charges.compute(rank, query.cpuNanos());
            replies.add(new EmulatorReply.Clock(rank.rank, rank.clock.now()));
        } else if (fact instanceof RankFact.CallEnter enter) {
            charges.compute(rank, enter.cpuNanos());
            observer.callEntered(rank.rank, enter.call(), rank.clock.now());
        } else if (fact instanceof RankFact.CallLeave leave) {
            charges.compute(rank, leave.cpuNanos());
            observer.callLeft(rank.rank, rank.clock.now());
        } else if (fact instanceof RankFact.CommMember member) {
            observer.communicatorJoined(member);
        } else if (fact instanceof RankFact.RequestStarted request) {
            observer.requestStarted(request);
        } else if (fact instanceof RankFact.RequestCompleted request) {
            observer.requestCompleted(request);
        } else if (fact instanceof RankFact.OffCpu off) {
            rank.offCpu = new OffCpuTime(off.offCpuNanos(), off.outsideNanos());
        } else if (fact instanceof RankFact.MpiError error) {
            rank.errorReturned(error);
        } else if (fact instanceof RankFact.Blocks) {
            // compared when it arrived (CollectiveCalls.blocks): it costs nothing
        } else if (fact instanceof RankFact.Finished finished) {
            charges.compute(rank, finished.cpuNanos());
            rank.finish();
        } else {
            throw new IllegalArgumentException("unexpected fact " + fact);
        }
    }

    /** Send at t: busy o_s, leaves its outgoing interface at d >= t + o_s, reaches the destination's at d + L. */
    private void send(RankState sender, RankFact.Sent sent) {
        int destination = checkedRank(sent.dst(), "destination");
        if (sent.bytes() < 0) {
            throw new IllegalArgumentException("negative message length in " + sent);
        }
        long start = sender.clock.now();
        charges.sendOverhead(sender, destination, sent.tag(), sent.bytes());
        AnnouncedMessage message = interconnect.send(sender, sent, start);
        observer.sent(message.sequence(), sender.rank, message.tag(), message.context(), message.bytes(), start);
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
        interconnect.await(receiver);
    }

    /**
     * Grants, answers polls and lets messages pass their interfaces until nothing more can happen; each grant
     * or answer may wake ranks whose held facts then apply.
     */
    private void settle(List<EmulatorReply> replies) {
        while (grantOne(replies) || interconnect.passAllowed() || answerNothingArrived(pollRule.nothingCanArrive(), replies)
                || interconnect.passWhenAllBlocked() || answerNothingArrived(pollRule.leastWhenAllBlocked(), replies)) {
            // each step changed the state; try again
        }
    }

    /**
     * A receive whose first matching message has passed the interface takes it (lowest receiving rank first).
     * A poll whose first matching message has passed is answered too: that message arrived by the rank's clock
     * or, since later ones arrive later still, none did.
     */
    private boolean grantOne(List<EmulatorReply> replies) {
        for (int rank = interconnect.nextReceiverWithMail(0); rank >= 0; rank = interconnect.nextReceiverWithMail(rank + 1)) {
            RankState receiver = ranks[rank];
            Optional<AnnouncedMessage> message = interconnect.passedMatch(receiver);
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

    /** Answers a poll "nothing by now" ({@link PollRule}), charged as an empty receive; false when `poller` is null. */
    private boolean answerNothingArrived(RankState poller, List<EmulatorReply> replies) {
        if (poller == null) {
            return false;
        }
        interconnect.stopWaiting(poller);
        long asOf = poller.clock.now();
        charges.emptyPoll(poller);
        pollLoops.nothingArrived(poller, poller.clock.now() - asOf);
        poller.resume();
        replies.add(new EmulatorReply.NothingArrived(poller.rank, asOf));
        applyHeld(poller, replies);
        return true;
    }

    /** Receive: clock = max(clock, a) + o_r(P, k); a synchronous sender resumes when the receive starts. */
    private void grant(RankState receiver, AnnouncedMessage message, List<EmulatorReply> replies) {
        pollLoops.progress();
        interconnect.stopWaiting(receiver);
        long posted = receiver.clock.now();
        receiver.idleNanos += receiver.clock.waitUntil(MessageTiming.receiveStart(posted, message.arrivalNanos()));
        if (receiver.clock.now() > posted) {
            observer.blocked(new Blocking(receiver.rank, posted, receiver.clock.now(), message.sequence(), false));
        }
        if (receiver.probing) {
            // A probe only waits for the message: it stays queued for the receive that follows.
            receiver.resume();
            replies.add(new EmulatorReply.Grant(receiver.rank, message.source(), message.tag(), message.bytes(),
                    receiver.clock.now(), null, message.context()));
            applyHeld(receiver, replies);
            return;
        }
        receiver.receivedResult = interconnect.take(receiver, message);
        long start = receiver.clock.now();
        charges.receiveOverhead(receiver, message);
        receiver.resume();
        replies.add(new EmulatorReply.Grant(receiver.rank, message.source(), message.tag(), message.bytes(),
                receiver.clock.now(), null, message.context()));
        observer.messageReceived(message.received(start, receiver.clock.now()));
        if (message.synchronous()) {
            RankState sender = ranks[message.source()];
            long sentAt = sender.clock.now();
            sender.idleNanos += sender.clock.waitUntil(start);
            if (start > sentAt) {
                observer.blocked(new Blocking(sender.rank, sentAt, start, message.sequence(), true));
            }
            sender.resume();
            interconnect.changed(sender);
            applyHeld(sender, replies);
        }
        applyHeld(receiver, replies);
    }

    private void applyHeld(RankState rank, List<EmulatorReply> replies) {
        interconnect.changed(rank);
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
