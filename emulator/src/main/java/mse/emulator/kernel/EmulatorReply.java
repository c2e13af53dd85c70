package mse.emulator.kernel;

/** What the emulator tells a rank. Only answers to facts that asked for one, plus abort. */
public sealed interface EmulatorReply {

    int rank();

    /** Receive now from (source, tag): MPI's non-overtaking rule then yields the granted message. */
    record Grant(int rank, int source, int tag, int bytes, long virtualNanos) implements EmulatorReply {}

    /** The rank's virtual clock, answering a ClockQuery. */
    record Clock(int rank, long virtualNanos) implements EmulatorReply {}

    /** The run is over for this rank (deadlock, another rank's failure): stop with this reason. */
    record Abort(int rank, String reason) implements EmulatorReply {}
}
