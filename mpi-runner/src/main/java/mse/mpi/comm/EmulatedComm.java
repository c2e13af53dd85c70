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
 * emulator, which owns virtual time (DESIGN.md, "The walk of one emulated run"). Data travels over
 * the inner Comm; only facts go to the emulator: the CPU time the thread consumed between Comm calls,
 * each send's destination, tag and size, each receive.
 *
 * <p>Every blocking receive waits for the emulator's grant on its socket before it touches MPI: for an
 * ANY_SOURCE receive the grant makes the choice a target cluster would make; for a specific source it
 * only says the message has been sent, so the MPI receive completes at once instead of spinning (an
 * idle Open MPI rank spins, which on an oversubscribed host steals the CPU the working ranks need).
 * Over a Comm whose receives sleep instead (LocalComm), a specific-source receive skips that wait.
 * Sends are reported before the MPI send, so a large message's rendezvous never waits on the grant.
 *
 * <p>Non-blocking receives are matched here ({@link PostedReceives}) out of the same facts: a test or iprobe is
 * a ProbeAny answered as of the rank's virtual now, a waitAny a blocking ProbeAny over its requests' patterns.
 * Collectives are the point-to-point messages of the profile's algorithm ({@link Collectives}), sent and received
 * through this Comm, so they are charged like any other message.
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

    /** Collectives run as the point-to-point messages of the target MPI's algorithm (the profile's). */
    public EmulatedComm(Comm inner, EmulatorLink link, TaskCost taskCost, CollectiveAlgorithm collectives) {
        this(inner, link, taskCost, collectives, new CpuMeter(Thread.currentThread()));
    }

    /** With the meter of the program thread's CPU given (tests script it). */
    EmulatedComm(Comm inner, EmulatorLink link, TaskCost taskCost, CollectiveAlgorithm collectives, CpuMeter cpu) {
        super(collectives);
        this.inner = inner;
        this.link = link;
        this.taskCost = taskCost;
        this.cpu = cpu;

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
        long cpuNanos = begin();
        link.report(new RankFact.Sent(rank(), cpuNanos, dest, tag, data.length));
        try {
            inner.sendDetached(data, dest, tag);
        } finally {
            end();
        }
    }


    /** The plain receive, which PostedReceives builds on. */
    @Override
    Message receive(int source, int tag) {
        if (source != ANY_SOURCE && inner.blocksWithoutSpinning()) {
            // No choice to make and no spinning to avoid: the kernel settles the receive's virtual time from
            // the facts alone (it holds this rank's later facts until then), so the rank need not wait for it.
            long cpuNanos = begin();
            link.report(new RankFact.Receive(rank(), cpuNanos, source, tag, false));
            link.flush(); // the receive may block in the inner Comm: what the rank said must be out first
            try {
                return inner.recv(source, tag);
            } finally {
                end();
            }
        }
        long cpuNanos = begin();
        try {
            EmulatorReply.Grant grant = (EmulatorReply.Grant) link.ask(new RankFact.Receive(rank(), cpuNanos, source, tag, true));
            Message m = inner.recv(grant.source(), grant.tag());
            if (m.data().length != grant.bytes()) {
                throw new CommException("rank " + rank() + ": the emulator granted " + grant.bytes()
                        + " bytes from rank " + grant.source() + " but MPI delivered " + m.data().length);
            }
            return m;
        } finally {
            end();
        }
    }

    /** A blocking probe: one pattern is MPI_Probe's Probe fact, several (waitAny) a ProbeAny. */
    @Override
    Envelope probeAny(List<MessagePattern> patterns) {
        long cpuNanos = begin();
        try {
            MessagePattern only = patterns.get(0);
            RankFact fact = patterns.size() == 1 ? new RankFact.Probe(rank(), cpuNanos, only.source(), only.tag())
                    : new RankFact.ProbeAny(rank(), cpuNanos, patterns, false);
            EmulatorReply.Grant grant = (EmulatorReply.Grant) link.ask(fact);
            return new Envelope(grant.source(), grant.tag(), grant.bytes());
        } finally {
            end();
        }
    }

    /** As of the rank's virtual now: the emulator answers once no earlier arrival is possible. */
    @Override
    Optional<Envelope> pollAny(List<MessagePattern> patterns) {
        long cpuNanos = begin();
        try {
            EmulatorReply answer = link.ask(new RankFact.ProbeAny(rank(), cpuNanos, patterns, true));
            if (answer instanceof EmulatorReply.Grant grant) {
                return Optional.of(new Envelope(grant.source(), grant.tag(), grant.bytes()));
            } else if (answer instanceof EmulatorReply.NothingArrived) {
                return Optional.empty();
            }
            throw new IllegalStateException("emulator answered an iprobe with " + answer);
        } finally {
            end();
        }
    }

    /** The rank's virtual clock in seconds: the program's timing decisions are the target's. */
    @Override
    public double wtime() {
        long cpuNanos = begin();
        try {
            return ((EmulatorReply.Clock) link.ask(new RankFact.ClockQuery(rank(), cpuNanos))).virtualNanos() / 1e9;
        } finally {
            end();
        }
    }

    @Override
    public void taskDone(int taskId, long workUnits) {
        long measured = enter();
        try {
            link.report(new RankFact.TaskDone(rank(), taskCost.chargeNanos(measured, workUnits), taskId, measured));
        } finally {
            end();
        }
    }

    /** The warm-up and the start-up before it are not the program's work: their CPU time is dropped. */
    @Override
    public void warmUp(Runnable work) {
        inComm = true;
        try {
            inner.warmUp(work);
        } finally {
            end();
        }
    }

    @Override
    public void close() {
        long cpuNanos = begin();
        try {
            link.report(new RankFact.Finished(rank(), cpuNanos));
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
     * Enters a Comm operation: returns the CPU time since the last one, as charged (measured, or nothing
     * in a deterministic mode). Only the program thread calls this, so the counter needs no atomics. Each
     * operation calls it before it builds its fact: `new` loads the fact's class the first time, which is
     * the Comm layer's work and must not land in the program's interval.
     */
    private long begin() {
        long measured = enter();
        return taskCost.chargesMeasuredCpu() ? measured : 0;
    }

    /** Marks the operation begun (before its fact is reported) and takes the CPU measured since the last. */
    private long enter() {
        inComm = true;
        operationsBegun++;
        return cpu.take();
    }

    /** Leaves a Comm operation: the CPU it used itself is not the program's and is dropped. */
    private void end() {
        cpu.reset();
        inComm = false;
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
        long cpuSoFar = cpu.sinceMark();
        return inComm || operationsBegun != before ? -1 : cpuSoFar;
    }
}
