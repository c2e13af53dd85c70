package mse.emulator.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import mse.emulator.analysis.RunAnalysis;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.RunOutcome;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.TaskRecord;
import mse.emulator.model.MessageTiming;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;

/**
 * DY's fast simulation: {@link DynamicProgram} on an event loop of its own instead of the live kernel's
 * facts and grant rule, with the kernel's cost rules ({@link NetworkModel}, {@link NetworkInterface},
 * {@link MessageTiming}) and the same accounting, so the prediction is {@link DynamicFarmReplay}'s to the nanosecond
 * (the tests hold the two together; DynamicFarmReplay's agreement with `emulate` is PredictAgreementTest's).
 *
 * <p>Why a plain event loop gives the kernel's answer: every cost is known when a call is made, so the only choice
 * is the order in which an incoming interface takes the messages that reach it, (reach, source, sequence)
 * ({@link NetworkInterface#takesBefore}), and a receive takes the first matching message in that order. The loop
 * passes messages through their interfaces in global (reach, source, sequence) order. A rank acts only when it takes
 * a message, at a clock no earlier than that message's reach, and what it sends then reaches an interface at least
 * the lookahead (min o_s + L > 0) later; so when a message is taken from the queue, every message that reaches any
 * interface before it is already in the queue: the order is final, as the kernel's conservative rule makes it.
 * Zero lookahead breaks that argument (the kernel then breaks ties only when every rank is blocked), and a
 * synchronous message would stop its sender in the middle of a step; both are refused here.
 *
 * <p>Per message that is at most a heap operation and a few array updates, against the kernel's horizon over every rank.
 */
public final class DynamicFarmSimulator implements DynamicProgram.Transport {

    /** A message on its way: known when sent, its arrival once it passed its destination's interface. */
    static final class Message {
        final long sequence;
        final int source;
        final int destination;
        final int tag;
        final int bytes;
        final long sendNanos;
        final long departureNanos;
        final long reachNanos;
        long arrivalNanos;
        /** The same source's next message on its way ({@link ReachQueue}'s FIFO), while this one is. */
        Message next;

        Message(long sequence, int source, int destination, int tag, int bytes, long sendNanos, long departureNanos, long reachNanos) {
            this.sequence = sequence;
            this.source = source;
            this.destination = destination;
            this.tag = tag;
            this.bytes = bytes;
            this.sendNanos = sendNanos;
            this.departureNanos = departureNanos;
            this.reachNanos = reachNanos;
        }

        boolean matches(int wantedSource, int wantedTag) {
            return (wantedSource == DynamicProgram.ANY || wantedSource == source) && (wantedTag == DynamicProgram.ANY || wantedTag == tag);
        }
    }

    private final NetworkModel network;
    private final TargetCpu cpu;
    private final DynamicProgram program;
    private final int np;
    private final long[] clock;
    private final long[] sendNanos;
    private final long[] receiveNanos;
    private final long[] computeNanos;
    private final long[] idleNanos;
    private final boolean[] finished;
    private final NetworkInterface[] outgoing;
    private final NetworkInterface[] incoming;
    /** Per rank, the messages that passed its interface and no receive took yet, in the order they passed. */
    private final List<ArrayDeque<Message>> mailboxes = new ArrayList<>();
    /** Per rank waiting in a receive, what it wants: source and tag (ANY), else NOT_WAITING as the source. */
    private final int[] wantedSource;
    private final int[] wantedTag;
    private final ReachQueue reaching;
    /** Messages a receive took from its mailbox as it was posted, delivered once the rank's step is over. */
    private final ArrayDeque<Message> taken = new ArrayDeque<>();
    private final MasterQueueMeasures queues;
    private KernelObserver observer = KernelObserver.NONE;
    /** The run's wait states and critical path, told the kernel's reports in each rank's order; null when not analysed. */
    private RunAnalysis analysis;
    private final AnalysisFeed feed = new AnalysisFeed();
    private final MessageCosts costs;
    /** Whether anyone listens: charges and task records are made only then (a simulation for a timeline). */
    private boolean observed;
    private long messages;
    private long sequence;

    private static final int NOT_WAITING = -2;

    /** DY whose masters keep `prefetch` tasks in flight per slave and spend nothing per result. */
    public DynamicFarmSimulator(NetworkModel network, TargetCpu cpu, DynamicShape shape, DynamicSettings settings, int prefetch,
                                long[] hostCosts) {
        this(network, cpu, shape, settings, prefetch, hostCosts, new long[hostCosts.length]);
    }

    /**
     * DY whose masters keep `prefetch` tasks in flight per slave and spend masterCosts[t] of host CPU on task t's result;
     * the network must have a positive lookahead.
     */
    public DynamicFarmSimulator(NetworkModel network, TargetCpu cpu, DynamicShape shape, DynamicSettings settings, int prefetch,
                                long[] hostCosts, long[] masterCosts) {
        if (network.lookaheadNanos() <= 0) {
            throw new IllegalArgumentException("DY's event loop needs a positive lookahead (min o_s + L), got "
                    + network.lookaheadNanos() + " ns: use DynamicFarmReplay");
        }
        this.network = network;
        this.cpu = cpu;
        this.np = network.processes();
        this.program = new DynamicProgram(this, np, shape, settings, prefetch, hostCosts, masterCosts);
        this.queues = new MasterQueueMeasures(np);
        this.costs = new MessageCosts(network);
        this.reaching = new ReachQueue(np);
        this.clock = new long[np];
        this.sendNanos = new long[np];
        this.receiveNanos = new long[np];
        this.computeNanos = new long[np];
        this.idleNanos = new long[np];
        this.finished = new boolean[np];
        this.outgoing = new NetworkInterface[np];
        this.incoming = new NetworkInterface[np];
        this.wantedSource = new int[np];
        this.wantedTag = new int[np];
        for (int r = 0; r < np; r++) {
            outgoing[r] = network.newInterface();
            incoming[r] = network.newInterface();
            mailboxes.add(new ArrayDeque<>());
            wantedSource[r] = NOT_WAITING;
        }
    }

    /** Reports every charge, task and delivered message of the run to `observer` (a timeline), as the kernel does. */
    public DynamicFarmSimulator observedBy(KernelObserver observer) {
        this.observer = observer;
        this.observed = observer != KernelObserver.NONE;
        return this;
    }

    /**
     * Analyses the run: its wait states and critical path ({@link SimulatedRun#bounds}) are those the kernel's reports
     * give for the same run, rank 0 the master (DynamicMasters.masters(np)), as `emulate` analyses DY.
     */
    public DynamicFarmSimulator analysed() {
        return analysed(false);
    }

    /** The same, keeping the critical path's stretches ({@link mse.emulator.analysis.RunBounds#criticalStretches}) when asked. */
    public DynamicFarmSimulator analysed(boolean keepsStretches) {
        analysis = new RunAnalysis(network, List.of(0), keepsStretches);
        feed.analysedBy(analysis);
        return this;
    }

    /** Runs the program to the end; the prediction as `emulate` would report it. */
    public DynamicFarmReplay.DynamicRun run() {
        queues.ensureQueue(0); // DynamicMasters.masters(np): rank 0 is a master from the start
        program.start();
        deliverTaken();
        while (!reaching.isEmpty()) {
            pass(reaching.poll());
            deliverTaken();
        }
        List<RankAccount> accounts = new ArrayList<>();
        long sequential = 0;
        long predicted = 0;
        for (int r = 0; r < np; r++) {
            if (!finished[r]) {
                throw new IllegalStateException("DY simulation did not complete: rank " + r + " waits in a receive from "
                        + wantedSource[r] + " with tag " + wantedTag[r] + " that no message matches");
            }
            accounts.add(new RankAccount(r, sendNanos[r], receiveNanos[r], computeNanos[r], idleNanos[r], clock[r], true,
                    incoming[r].busyNanos()));
            sequential += computeNanos[r];
            predicted = Math.max(predicted, clock[r]);
        }
        RunResult result = new RunResult(new RunOutcome.Completed(), accounts, new ArrayList<>(java.util.Collections.nCopies(np, 0L)));
        return new DynamicFarmReplay.DynamicRun(new SimulatedRun(predicted, sequential, queues.masters(result), queues.finish(), messages,
                analysis == null ? null : analysis.bounds(result)), program.log());
    }

    @Override
    public long clock(int rank) {
        return clock[rank];
    }

    /** Send at t: busy o_s, leaves its outgoing interface at d >= t + o_s, reaches the destination's at d + L. */
    @Override
    public void send(int rank, int to, int tag, int bytes) {
        if (network.isSynchronous(bytes)) {
            throw new IllegalArgumentException("DY with synchronous messages (rank " + rank + " sends " + bytes
                    + " bytes, at or above the profile's sync-threshold-bytes) is not simulated: use emulate");
        }
        long start = clock[rank];
        long overhead = network.sendOverheadNanos(bytes);
        clock[rank] += overhead;
        sendNanos[rank] += overhead;
        if (overhead > 0 && observed) {
            observer.charged(Charge.send(rank, start, clock[rank], to, tag, bytes));
        }
        if (feed.isOn()) {
            feed.sent(rank, to, sequence, tag, costs.of(bytes), start);
        }
        long departure = outgoing[rank].leave(clock[rank], network.interfaceNanos(bytes));
        reaching.add(new Message(sequence++, rank, to, tag, bytes, start, departure, departure + network.latencyNanos()));
    }

    /** The first matching message that passed the rank's interface, if any, else the rank waits for one. */
    @Override
    public void receive(int rank, int source, int tag) {
        if (source == DynamicProgram.ANY) {
            queues.ensureQueue(rank);
        }
        ArrayDeque<Message> mailbox = mailboxes.get(rank);
        if (!mailbox.isEmpty()) { // most receives wait: no iterator for them
            for (Iterator<Message> it = mailbox.iterator(); it.hasNext(); ) {
                Message m = it.next();
                if (m.matches(source, tag)) {
                    it.remove();
                    taken.add(m);
                    return;
                }
            }
        }
        wantedSource[rank] = source;
        wantedTag[rank] = tag;
    }

    @Override
    public void taskDone(int rank, int task, long hostNanos) {
        long start = compute(rank, hostNanos, task);
        if (observed) {
            observer.taskDone(new TaskRecord(task, rank, hostNanos, start, clock[rank]));
        }
    }

    @Override
    public void resultHandled(int rank, long hostNanos) {
        compute(rank, hostNanos, Charge.NONE);
    }

    /** Computation, as the kernel charges it (RankCharges.compute): host CPU scaled to the target's; returns its start. */
    private long compute(int rank, long hostNanos, int task) {
        long start = clock[rank];
        long charge = cpu.chargeNanos(hostNanos);
        clock[rank] += charge;
        computeNanos[rank] += charge;
        if (charge > 0 && observed) {
            observer.charged(Charge.compute(rank, start, clock[rank], task));
        }
        if (feed.isOn()) {
            feed.charge(Charge.compute(rank, start, clock[rank], task));
        }
        return start;
    }

    @Override
    public void finish(int rank) {
        finished[rank] = true;
    }

    /** The message passes its destination's interface; a receive waiting for it takes it, else it waits in the mailbox. */
    private void pass(Message m) {
        int r = m.destination;
        m.arrivalNanos = incoming[r].pass(m.reachNanos, network.interfaceNanos(m.bytes), network.transferNanos(m.bytes));
        if (wantedSource[r] != NOT_WAITING && m.matches(wantedSource[r], wantedTag[r])) {
            wantedSource[r] = NOT_WAITING;
            deliver(m);
        } else {
            mailboxes.get(r).addLast(m);
        }
    }

    private void deliverTaken() {
        while (!taken.isEmpty()) {
            deliver(taken.poll());
        }
    }

    /** Receive: clock = max(clock, a) + o_r(P, k); then the rank's program goes on to its next receive. */
    private void deliver(Message m) {
        int r = m.destination;
        long start = MessageTiming.receiveStart(clock[r], m.arrivalNanos);
        if (feed.isOn()) {
            feed.received(m.source, r, m.sequence, m.tag, costs.of(m.bytes), m.sendNanos, m.departureNanos, m.arrivalNanos, clock[r], start);
        }
        idleNanos[r] += start - clock[r];
        long overhead = network.recvOverheadNanos(m.bytes);
        clock[r] = start + overhead;
        receiveNanos[r] += overhead;
        if (overhead > 0 && observed) {
            observer.charged(Charge.receive(r, start, clock[r], m.source, m.tag, m.bytes));
        }
        queues.deliver(m.source, r, m.sendNanos, m.arrivalNanos, start, clock[r]);
        if (observed) { // a record per message only for a timeline
            observer.messageReceived(new MessageRecord(m.sequence, m.source, r, m.tag, m.bytes, m.sendNanos, m.departureNanos,
                    m.arrivalNanos, start, clock[r], false));
        }
        messages++;
        program.received(r, m.source, m.tag);
    }
}
