package mse.emulator.kernel;

/**
 * What the emulator tells a rank. Answers to facts that asked for one, abort, and the emulator's request for
 * a heartbeat.
 */
public sealed interface EmulatorReply {

    int rank();

    /** Receive now from (source, tag): MPI's non-overtaking rule then yields the granted message. */
    record Grant(int rank, int source, int tag, int bytes, long virtualNanos) implements EmulatorReply {}

    /** The rank's virtual clock, answering a ClockQuery. */
    record Clock(int rank, long virtualNanos) implements EmulatorReply {}

    /** The run is over for this rank (deadlock, another rank's failure): stop with this reason. */
    record Abort(int rank, String reason) implements EmulatorReply {}

    /**
     * "Tell me your CPU progress": the grant rule needs a tighter lower bound for this computing rank, so the
     * rank answers at once with a Progress fact. Demand-driven heartbeats cost nothing while no receive waits.
     */
    record ProgressRequest(int rank) implements EmulatorReply {}
}
