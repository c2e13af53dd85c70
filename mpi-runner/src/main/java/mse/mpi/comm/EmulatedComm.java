package mse.mpi.comm;

import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.TaskCost;
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
 * Sends are reported before the MPI send, so a large message's rendezvous never waits on the grant.
 */
public final class EmulatedComm implements Comm {

    private final Comm inner;
    private final EmulatorLink link;
    private final TaskCost taskCost;
    private final CpuMeter cpu;

    public EmulatedComm(Comm inner, EmulatorLink link, TaskCost taskCost) {
        this.inner = inner;
        this.link = link;
        this.taskCost = taskCost;
        this.cpu = new CpuMeter(Thread.currentThread());
        link.onProgressRequest(() -> taskCost.chargesMeasuredCpu() ? cpu.sinceMark() : 0);
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
        link.report(new RankFact.Sent(rank(), computed(), dest, tag, data.length));
        inner.send(data, dest, tag);
        cpu.reset();
    }

    @Override
    public Message recv(int source, int tag) {
        EmulatorReply.Grant grant = grant(source, tag);
        Message m = inner.recv(grant.source(), grant.tag());
        if (m.data().length != grant.bytes()) {
            throw new CommException("rank " + rank() + ": the emulator granted " + grant.bytes() + " bytes from rank "
                    + grant.source() + " but MPI delivered " + m.data().length);
        }
        cpu.reset();
        return m;
    }

    @Override
    public Envelope probe(int source, int tag) {
        EmulatorReply reply = link.ask(new RankFact.Probe(rank(), computed(), source, tag));
        EmulatorReply.Grant grant = (EmulatorReply.Grant) reply;
        cpu.reset();
        return new Envelope(grant.source(), grant.tag(), grant.bytes());
    }

    /** The rank's virtual clock in seconds: the program's timing decisions are the target's. */
    @Override
    public double wtime() {
        EmulatorReply.Clock clock = (EmulatorReply.Clock) link.ask(new RankFact.ClockQuery(rank(), computed()));
        cpu.reset();
        return clock.virtualNanos() / 1e9;
    }

    @Override
    public void taskDone(int taskId, long workUnits) {
        long measured = cpu.take();
        link.report(new RankFact.TaskDone(rank(), taskCost.chargeNanos(measured, workUnits), taskId, measured));
        cpu.reset();
    }

    @Override
    public void close() {
        try {
            link.report(new RankFact.Finished(rank(), computed()));
            link.close();
        } finally {
            inner.close();
        }
    }

    /** Tells the emulator this rank failed, so the run ends at once naming it, instead of waiting on it. */
    public void fail(Throwable cause) {
        try {
            link.report(new RankFact.Failed(rank(), String.valueOf(cause.getMessage() == null ? cause : cause.getMessage())));
        } finally {
            link.close();
        }
    }

    private EmulatorReply.Grant grant(int source, int tag) {
        return (EmulatorReply.Grant) link.ask(new RankFact.Receive(rank(), computed(), source, tag, true));
    }

    /** CPU time since the last Comm call, as charged: measured, or nothing in a deterministic mode. */
    private long computed() {
        long measured = cpu.take();
        return taskCost.chargesMeasuredCpu() ? measured : 0;
    }
}
