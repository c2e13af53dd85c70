package mse.emulator.kernel;

/**
 * What the emulator tells a rank. Answers to facts that asked for one, abort, and the emulator's request for
 * a heartbeat.
 */
public sealed interface EmulatorReply {

    int rank();

    /**
     * Receive now from (source, tag) on context: MPI's non-overtaking rule then yields the granted message. `next`,
     * when not null, is what the rank's next receive for the same pattern will take (it passed the rank's interface
     * already, and messages pass in order): that receive needs no grant of its own.
     */
    record Grant(int rank, int source, int tag, int bytes, long virtualNanos, Next next, int context)
            implements EmulatorReply {

        /** A grant on the world's program context that says nothing about the next receive. */
        public Grant(int rank, int source, int tag, int bytes, long virtualNanos) {
            this(rank, source, tag, bytes, virtualNanos, null, RankFact.WORLD_CONTEXT);
        }

        /** A grant on the world's program context. */
        public Grant(int rank, int source, int tag, int bytes, long virtualNanos, Next next) {
            this(rank, source, tag, bytes, virtualNanos, next, RankFact.WORLD_CONTEXT);
        }

        public Grant withNext(Next ahead) {
            return new Grant(rank, source, tag, bytes, virtualNanos, ahead, context);
        }

        /** A message already decided for a receive: where it comes from, its tag and size, its context. */
        public record Next(int source, int tag, int bytes, int context) {

            /** On the world's program context. */
            public Next(int source, int tag, int bytes) {
                this(source, tag, bytes, RankFact.WORLD_CONTEXT);
            }
        }
    }

    /**
     * No message matching a ProbeAny asOfNow has arrived by the rank's virtual clock virtualNanos; the empty poll
     * itself is then charged o_r(P, 0) (see VirtualTimeKernel).
     */
    record NothingArrived(int rank, long virtualNanos) implements EmulatorReply {}

    /**
     * Unasked: the rank's receive after `blockingCalls` blocking calls (receives, probes, polls and sends to itself,
     * counted alike on both sides), if it is one of `pattern`, takes `next`. The emulator sends it when it decides a
     * master's next receive while the master runs, so that the master finds its answer waiting on the socket instead
     * of a round trip after it asks; a forecast for any other call is void on both sides.
     */
    record Forecast(int rank, long blockingCalls, MessagePattern pattern, Grant.Next next) implements EmulatorReply {}

    /** The rank's virtual clock, answering a ClockQuery. */
    record Clock(int rank, long virtualNanos) implements EmulatorReply {}

    /** The run is over for this rank (deadlock, another rank's failure): stop with this reason. */
    record Abort(int rank, String reason) implements EmulatorReply {}

    /**
     * "Tell me when your CPU since your last fact reaches cpuNanos": a waiting receive can be granted once this
     * computing rank's lower bound passes it (a null message on demand, Chandy-Misra-Bryant). The rank answers
     * with a Progress fact when its charged CPU got there, or not at all when its next fact comes first (that
     * fact charges the CPU itself). factsSeen is how many facts of the rank the kernel had then: a request
     * that crossed a fact on the wire is moot. Nothing is asked while no receive waits on the rank.
     */
    record ProgressRequest(int rank, long factsSeen, long cpuNanos) implements EmulatorReply {}
}
