package mse.emulator.model;

import mse.cluster.profiles.NetworkProfile;

/**
 * LogGPS costs of one message among P processes, in kernel nanoseconds (seed 001 (001_cb00b78257109af6.txt)
 * sections 2.2-2.3, Table 2). Pure functions of the profile, P and the message length k; no state, no clock.
 * Each cost is computed in microseconds as the paper states it and rounded to nanoseconds once, so the
 * kernel never orders events by floating point. {@link NetworkModel#of} chooses it for a profile whose network.model is
 * loggps, the default.
 */
public final class LogGpsModel implements NetworkModel {

    private final NetworkProfile profile;
    private final int processes;

    public LogGpsModel(NetworkProfile profile, int processes) {
        if (processes < 1) {
            throw new IllegalArgumentException("need at least one process, got " + processes);
        }
        this.profile = profile;
        this.processes = processes;
    }

    public NetworkProfile profile() {
        return profile;
    }

    @Override
    public int processes() {
        return processes;
    }

    /** o_s(P, k) = o'a + o'b P + O_s k: the sender is busy this long in MPI_Send (Table 2, left column). */
    @Override
    public long sendOverheadNanos(long bytes) {
        return nanos(profile.sendOverhead().micros(processes, bytes));
    }

    /**
     * o_r(P, k): the receiver is busy this long in MPI_Recv. The P term is MPICH's linear select() over P - 1
     * sockets (section 2.3), which is what saturates the master.
     */
    @Override
    public long recvOverheadNanos(long bytes) {
        return nanos(profile.recvOverhead().micros(processes, bytes));
    }

    /**
     * L + k G: from leaving the sender to arriving at the receiver when neither network interface is busy
     * with another message (one message in flight; LogGP, Alexandrov et al. 1995). {@link NetworkInterface}
     * splits it into L and the transfer k G.
     */
    @Override
    public long wireNanos(long bytes) {
        return nanos(profile.latencyMicros() + bytes * profile.gapPerByteMicros());
    }

    /** L, the flight time between the two interfaces. */
    @Override
    public long latencyNanos() {
        return nanos(profile.latencyMicros());
    }

    /**
     * k G: how long the message's bytes take to pass one interface, as wireNanos - L so that one message
     * alone still arrives after exactly L + k G (one rounding, as before interfaces were modelled).
     */
    @Override
    public long transferNanos(long bytes) {
        return wireNanos(bytes) - latencyNanos();
    }

    /**
     * max(g, k G): how long the message holds one interface. g is LogGP's least interval between two
     * consecutive messages at one processor's interface; the presets set g = 0 (folded into o, section 3).
     */
    @Override
    public long interfaceNanos(long bytes) {
        return Math.max(nanos(profile.gapMicros()), transferNanos(bytes));
    }

    /** LogGPS's S: messages of at least S bytes wait for the receiver (rendezvous); S = 0 means never. */
    @Override
    public boolean isSynchronous(long bytes) {
        long threshold = profile.syncThresholdBytes();
        return threshold > 0 && bytes >= threshold;
    }

    /**
     * The least time between a rank's "now" and its next message reaching any interface: min o_s + L (an empty
     * message). This is the lookahead of the conservative grant rule (docs/architecture.md, "Grant rule").
     */
    @Override
    public long lookaheadNanos() {
        return sendOverheadNanos(0) + wireNanos(0);
    }

    /**
     * tau = B G: the bytes an idle link lets through at once (the profile's burst, a token bucket's depth) take this
     * long at the link's rate, so they pass that much sooner ({@link NetworkInterface}).
     */
    @Override
    public long burstCreditNanos() {
        return nanos(profile.burstBytes() * profile.gapPerByteMicros());
    }

    private static long nanos(double micros) {
        return Math.round(micros * 1000.0);
    }
}
