package mse.mpi.comm;

import java.util.List;
import java.util.Optional;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.TaskCost;
import mse.emulator.wire.EmulationAbortedException;
import mse.emulator.wire.EmulatorLink;

/**
 * A Comm that runs the program for real over another Comm while reporting its timing facts to the
 * emulator, which owns virtual time (docs/architecture.md, "The walk of one emulated run"). Data travels over
 * the inner Comm; only facts go to the emulator: the CPU time the thread consumed between Comm calls,
 * each send's destination, tag and size, each receive.
 *
 * <p>Every blocking receive waits for the emulator's grant on its socket before it touches MPI: for an
 * ANY_SOURCE receive the grant makes the choice a target cluster would make; for a specific source it
 * only says the message has been sent, so the MPI receive completes at once instead of spinning (an
 * idle Open MPI rank spins, which on an oversubscribed host steals the CPU the working ranks need).
 * Over a Comm whose receives sleep instead (LocalComm), a specific-source receive skips that wait. A grant may
 * also tell the rank what its next receive of the same pattern takes, when the emulator has decided that already
 * (no other rank can announce a message the rank's interface would take first, and messages pass in order): that
 * receive asks nothing, which saves a master working through queued results one round trip to the emulator per
 * result. A master's receive decided after its last grant comes as a Forecast, sent unasked: the receive finds it on
 * the socket when it asks, instead of waiting a round trip. A message the rank sends to itself could pass first;
 * it voids what the rank was told, on both sides.
 * Sends are reported before the MPI send, so a large message's rendezvous never waits on the grant.
 *
 * <p>Non-blocking receives are matched here ({@link PostedReceives}) out of the same facts: a test or iprobe is
 * a ProbeAny answered as of the rank's virtual now, a waitAny a blocking ProbeAny over its requests' patterns.
 * Collectives are the point-to-point messages of the profile's algorithm ({@link Collectives}), sent and received
 * through this Comm, so they are charged like any other message; the collective's own work around them is not charged.
 *
 * <p>What is charged is the CPU between two of the program's calls into this Comm, measured where the call enters
 * and leaves ({@link #enterOperation}, {@link #leaveOperation}): the matching of posted receives, building facts and
 * frames, unpacking a receive, a collective's tree, packing, copying and arithmetic, all happen inside and are the Comm
 * layer's, not the program's. The first fact an
 * operation reports carries that CPU; an operation that reports none (an irecv) leaves it for the next one.
 */
public final class EmulatedComm extends MatchingComm {

    private final Comm inner;
    private final EmulatorLink link;
    private final TaskCost taskCost;
    private final CpuMeter cpu;
    /** Comm operations begun: a CPU measurement that saw this change overlapped one and is void. */
    private volatile long operationsBegun;
    /** True inside a Comm operation, whose own CPU time is never charged. */
    private volatile boolean inComm;
    /** Operations the program thread is inside (an isend sends, a collective sends and receives): 0 in the program. */
    private int depth;
    /**
     * What the emulator decided for this rank's next blocking receive of a pattern (it told us with the last grant),
     * so that receive needs no grant; good for the next receive only (program thread only).
     */
    private Decided decided;
    /** The program's CPU measured when the current operation began and not yet reported in a fact. */
    private volatile long unreported;
    /**
     * Whether the rank tells the emulator which MPI call it is in (an OTF2 timeline asked for them: CallEnter and
     * CallLeave), and whether it told it of one it has not left (program thread only).
     */
    private final boolean reportsCalls;
    private boolean callOpen;

    /** Collectives run as the point-to-point messages of the target MPI's algorithm (the profile's). */
    public EmulatedComm(Comm inner, EmulatorLink link, TaskCost taskCost, CollectiveAlgorithm collectives) {
        this(inner, link, taskCost, collectives, false);
    }

    /** The same, telling the emulator each MPI call the program enters and leaves when `reportsCalls` (a trace asks). */
    public EmulatedComm(Comm inner, EmulatorLink link, TaskCost taskCost, CollectiveAlgorithm collectives, boolean reportsCalls) {
        this(inner, link, taskCost, collectives, taskCost.wallClock() ? CpuMeter.wall() : new CpuMeter(Thread.currentThread()), reportsCalls);
    }

    /** With the meter of the program thread's CPU given (tests script it). */
    EmulatedComm(Comm inner, EmulatorLink link, TaskCost taskCost, CollectiveAlgorithm collectives, CpuMeter cpu) {
        this(inner, link, taskCost, collectives, cpu, false);
    }

    EmulatedComm(Comm inner, EmulatorLink link, TaskCost taskCost, CollectiveAlgorithm collectives, CpuMeter cpu, boolean reportsCalls) {
        super(collectives);
        this.reportsCalls = reportsCalls;
        this.inner = inner;
        this.link = link;
        this.taskCost = taskCost;
        this.cpu = cpu;
        enterOperation();
        cpu.calibrate(this::emptyInterval); // compiles the path between two operations before the program runs
        unreported = 0;
        leaveOperation();
        if (taskCost.chargesMeasuredCpu()) {
            link.measureCpuWith(this::cpuSinceLastFact); // otherwise the CPU charged cannot grow before the next fact
        }
    }

    @Override
    public int rank() {
        return inner.rank();
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public void send(byte[] data, int dest, int tag) {
        enterOperation("MPI_Send");
        try {
            if (dest == rank()) {
                decided = null; // a message to itself may pass before the one the emulator told us of
            }
            link.report(new RankFact.Sent(rank(), charge(), dest, tag, data.length, Collectives.contextOf(tag)));
            inner.sendDetached(data, dest, tag);
        } finally {
            leaveOperation();
        }
    }


    /** The plain receive, which PostedReceives builds on. */
    @Override
    Message receive(int source, int tag) {
        MessagePattern pattern = Collectives.pattern(source, tag);
        EmulatorReply.Grant.Next told = takeDecided(pattern);
        if (told == null && source == ANY_SOURCE) {
            told = link.forecast(pattern); // came while this rank waited for another answer
        }
        if (source != ANY_SOURCE && inner.blocksWithoutSpinning()) {
            // No choice to make and no spinning to avoid: the kernel settles the receive's virtual time from
            // the facts alone (it holds this rank's later facts until then), so the rank need not wait for it.
            link.report(new RankFact.Receive(rank(), charge(), source, tag, false, pattern.context()));
            link.flush(); // the receive may block in the inner Comm: what the rank said must be out first
            return inner.recv(source, tag);
        }
        if (told != null) {
            // The emulator told us with the last grant: no need to ask. Out go the facts up to here at once (the
            // sends among them are what other ranks' grants wait for), then the receive takes that message.
            link.report(new RankFact.Receive(rank(), charge(), source, tag, false, pattern.context()));
            link.flush();
            return received(told.source(), told.tag(), told.bytes());
        }
        EmulatorReply answer = link.ask(new RankFact.Receive(rank(), charge(), source, tag, true, pattern.context()));
        if (answer instanceof EmulatorReply.Forecast forecast) {
            // Decided while this rank ran, and sent before the ask reached the emulator: no grant follows.
            return received(forecast.next().source(), forecast.next().tag(), forecast.next().bytes());
        }
        EmulatorReply.Grant grant = (EmulatorReply.Grant) answer;
        if (grant.next() != null) {
            decided = new Decided(pattern, grant.next());
        }
        return received(grant.source(), grant.tag(), grant.bytes());
    }

    /** A match the emulator decided for the next receive of `pattern`. */
    private record Decided(MessagePattern pattern, EmulatorReply.Grant.Next next) {}

    /** The next match the emulator decided for a receive of exactly this pattern, if it told us; forgotten either way. */
    private EmulatorReply.Grant.Next takeDecided(MessagePattern pattern) {
        Decided told = decided;
        decided = null;
        return told != null && told.pattern().equals(pattern) ? told.next() : null;
    }

    private Message received(int source, int tag, int bytes) {
        Message m = inner.recvKnown(source, tag, bytes);
        if (m.data().length != bytes) {
            throw new CommException("rank " + rank() + ": the emulator granted " + bytes
                    + " bytes from rank " + source + " but MPI delivered " + m.data().length);
        }
        return m;
    }

    /** A blocking probe: one pattern is MPI_Probe's Probe fact, several (waitAny) a ProbeAny. */
    @Override
    Envelope probeAny(List<MessagePattern> patterns) {
        decided = null; // a probe comes between: the emulator forgot what it told us
        MessagePattern only = patterns.get(0);
        RankFact fact = patterns.size() == 1 ? new RankFact.Probe(rank(), charge(), only.source(), only.tag(), only.context())
                : new RankFact.ProbeAny(rank(), charge(), patterns, false);
        EmulatorReply.Grant grant = (EmulatorReply.Grant) link.ask(fact);
        return new Envelope(grant.source(), grant.tag(), grant.bytes());
    }

    /** As of the rank's virtual now: the emulator answers once no earlier arrival is possible. */
    @Override
    Optional<Envelope> pollAny(List<MessagePattern> patterns) {
        decided = null;
        EmulatorReply answer = link.ask(new RankFact.ProbeAny(rank(), charge(), patterns, true));
        if (answer instanceof EmulatorReply.Grant grant) {
            return Optional.of(new Envelope(grant.source(), grant.tag(), grant.bytes()));
        } else if (answer instanceof EmulatorReply.NothingArrived) {
            return Optional.empty();
        }
        throw new IllegalStateException("emulator answered an iprobe with " + answer);
    }

    /** The rank's virtual clock in seconds: the program's timing decisions are the target's. */
    @Override
    public double wtime() {
        enterOperation();
        try {
            return ((EmulatorReply.Clock) link.ask(new RankFact.ClockQuery(rank(), charge()))).virtualNanos() / 1e9;
        } finally {
            leaveOperation();
        }
    }

    @Override
    public void taskDone(int taskId, long workUnits) {
        enterOperation();
        try {
            long measured = takeUnreported();
            link.report(new RankFact.TaskDone(rank(), taskCost.chargeNanos(measured, workUnits), taskId, measured));
        } finally {
            leaveOperation();
        }
    }

    /**
     * The warm-up and the start-up before it are not the program's work: their CPU time is dropped. No barrier
     * after it (the inner Comm's warm-up would end with one): virtual time does not pass in it, and ranks spinning
     * in MPI_Barrier would take the cores from those still warming up. No rehearsal either (see Comm). With a
     * deterministic task cost no warm-up at all: no measured CPU is charged, so warm code buys nothing there.
     */
    @Override
    public void warmUp(Runnable work, Runnable rehearsal) {
        enterOperation();
        try {
            takeUnreported();
            if (taskCost.chargesMeasuredCpu()) {
                work.run();
            }
        } finally {
            leaveOperation();
        }
    }

    @Override
    public void close() {
        enterOperation("MPI_Finalize"); // never left: the emulator hears nothing after Finished, and the trace ends it
        try {
            link.report(new RankFact.Finished(rank(), charge()));
            link.close();
        } finally {
            inner.close();
        }
    }

    /** Tells the emulator this rank failed, so the run ends at once naming it, instead of waiting on it. */
    public void fail(Throwable cause) {
        try {
            link.report(new RankFact.Failed(rank(), String.valueOf(cause.getMessage() == null ? cause : cause.getMessage())));
        } catch (EmulationAbortedException alreadyOver) {
            // the emulator ended the run first (it is why this rank failed): nothing left to tell
        } finally {
            link.close();
        }
    }

    /**
     * The program calls into this Comm: the CPU it used since it last left one is measured here, first thing, and
     * kept until a fact reports it. Only the program thread calls this, so the counters need no atomics; the
     * operation is marked begun before the meter is read, so a heartbeat that overlaps it says nothing.
     */
    @Override
    void enterOperation(String call) {
        if (depth++ == 0) {
            inComm = true;
            operationsBegun++;
            unreported += cpu.take();
            if (reportsCalls && call != null) {
                link.report(new RankFact.CallEnter(rank(), charge(), call)); // carries the program's CPU before the call
                callOpen = true;
            }
        }
    }

    /**
     * Every collective's entry, as the interposition library reports it (RankFact.Collective, costing nothing), whether
     * or not calls are reported: the kernel compares the ranks' calls, places each rank's entry among its facts (the
     * wait in a collective, mse.emulator.analysis) and a trace takes its root. Sizes and operation are not compared
     * (-1): a Java rank's broadcast argument off the root and its gather block may differ.
     */
    @Override
    void collectiveCalled(String call, int root) {
        if (depth == 1) {
            link.report(new RankFact.Collective(rank(), call, 0, root, -1, -1));
        }
    }

    /** The program's call returns: the CPU the Comm layer used itself is dropped, last thing. */
    @Override
    void leaveOperation() {
        if (--depth == 0) {
            if (callOpen) {
                link.report(new RankFact.CallLeave(rank(), 0));
                callOpen = false;
            }
            cpu.reset();
            inComm = false;
        }
    }

    /** The charged interval the program thread is in (operations begun), -1 in an operation: same before and after a look, inside one. */
    long chargedInterval() {
        long begun = operationsBegun;
        return inComm ? -1 : begun;
    }

    /** The CPU to charge with the operation's first fact (measured, or nothing in a deterministic mode); later facts get 0. */
    private long charge() {
        long measured = takeUnreported();
        return taskCost.chargesMeasuredCpu() ? measured : 0;
    }

    private long takeUnreported() {
        long measured = unreported;
        unreported = 0;
        return measured;
    }

    /** What the meter calibrates: leaving an operation and entering the next with no program between. */
    private long emptyInterval() {
        leaveOperation();
        enterOperation();
        return takeUnreported();
    }

    /**
     * The CPU the program thread used since its last fact, read by the link's lower-bound responder. A
     * measurement that overlaps a Comm operation could include CPU that is later dropped, so it says -1
     * (not now) instead; the link checks separately that no fact was reported since the request.
     */
    private long cpuSinceLastFact() {
        long before = operationsBegun;
        if (inComm) {
            return -1;
        }
        long cpuSoFar = unreported + cpu.sinceMark();
        return inComm || operationsBegun != before ? -1 : cpuSoFar;
    }
}
