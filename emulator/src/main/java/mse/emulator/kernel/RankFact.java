package mse.emulator.kernel;

import java.util.List;

/**
 * What a rank tells the emulator about itself. Data never travels with these facts (it goes over real
 * MPI); only the timing-relevant shape of each operation does. CPU times are thread CPU nanoseconds
 * measured on this host, not yet scaled to the target CPU.
 */
public sealed interface RankFact {

    /** Wildcards, with the same meaning as MPI.ANY_SOURCE / MPI.ANY_TAG. */
    int ANY = -1;

    /**
     * The communication context of MPI_COMM_WORLD's program messages. A message matches only receives on its own
     * context ({@link MessagePattern}); every communicator has two, an even one for the program's messages and the
     * next odd one for its library's collectives (the world's: {@link #WORLD_LIBRARY_CONTEXT}), so a wildcard
     * receive of the program never takes a collective's message.
     */
    int WORLD_CONTEXT = 0;

    /** The context of the collectives on MPI_COMM_WORLD. */
    int WORLD_LIBRARY_CONTEXT = 1;

    /** Whether a message of this context is a library's own (a collective's, a communicator creation's): odd ones. */
    static boolean isLibraryContext(int context) {
        return (context & 1) == 1;
    }

    int rank();

    /**
     * The thread CPU nanoseconds the rank computed since its previous fact (a Progress: so far, not yet charged);
     * 0 for Failed.
     */
    long cpuNanos();

    /** The rank computed for cpuNanos of thread CPU time since its previous fact. */
    record Computed(int rank, long cpuNanos) implements RankFact {}

    /**
     * Heartbeat while computing: cpuNanos of thread CPU time consumed since the rank's previous fact, not
     * yet charged; factsBefore is how many other facts the rank had reported when it was measured. It only
     * raises the rank's lower bound for the grant rule (the next fact charges its own full cpuNanos). The
     * heartbeat travels from another thread, so it may overtake or trail a fact: the kernel ignores one
     * whose factsBefore is stale, which keeps the lower bound from ever exceeding what is later charged.
     */
    record Progress(int rank, long factsBefore, long cpuNanos) implements RankFact {}

    /**
     * The rank sent `bytes` bytes to dst with tag on context, after cpuNanos of computation since its previous fact.
     * Ranks are the job's (MPI_COMM_WORLD's), whatever communicator the message is on.
     */
    record Sent(int rank, long cpuNanos, int dst, int tag, int bytes, int context) implements RankFact {

        /** A message on the world's program context. */
        public Sent(int rank, long cpuNanos, int dst, int tag, int bytes) {
            this(rank, cpuNanos, dst, tag, bytes, WORLD_CONTEXT);
        }
    }

    /**
     * The rank posted a blocking receive (source and tag may be ANY) after cpuNanos of computation.
     * When `needsAnswer` is true the rank waits for a Grant before it receives over MPI (it has a real
     * choice to make); otherwise it receives at once and the grant only settles virtual time.
     */
    record Receive(int rank, long cpuNanos, int source, int tag, boolean needsAnswer, int context) implements RankFact {

        /** A receive on the world's program context. */
        public Receive(int rank, long cpuNanos, int source, int tag, boolean needsAnswer) {
            this(rank, cpuNanos, source, tag, needsAnswer, WORLD_CONTEXT);
        }

        public MessagePattern pattern() {
            return new MessagePattern(source, tag, context);
        }
    }

    /**
     * The rank posted a blocking probe (source and tag may be ANY): like a receive, it waits for the
     * message the grant rule picks, but leaves it queued and charges no receive overhead. Always answered.
     */
    record Probe(int rank, long cpuNanos, int source, int tag, int context) implements RankFact {

        /** A probe on the world's program context. */
        public Probe(int rank, long cpuNanos, int source, int tag) {
            this(rank, cpuNanos, source, tag, WORLD_CONTEXT);
        }

        public MessagePattern pattern() {
            return new MessagePattern(source, tag, context);
        }
    }

    /**
     * The rank probes for a message matching any of the patterns after cpuNanos of computation: the first to
     * arrive in virtual time, which stays queued. Blocking (asOfNow false) it waits for that message, as a
     * Probe does (MPI_Waitany over posted receives). As of now (asOfNow true: MPI_Iprobe, MPI_Test) it is
     * answered for the rank's virtual clock without moving it: a Grant when a matching message has arrived
     * by then, NothingArrived when none can have (the kernel waits until no earlier arrival is possible).
     */
    record ProbeAny(int rank, long cpuNanos, List<MessagePattern> patterns, boolean asOfNow) implements RankFact {

        public ProbeAny {
            if (patterns.isEmpty()) {
                throw new IllegalArgumentException("rank " + rank + " probed for no message pattern");
            }
            patterns = List.copyOf(patterns);
        }
    }

    /** The rank asks for its virtual clock (Comm.wtime()) after cpuNanos of computation. */
    record ClockQuery(int rank, long cpuNanos) implements RankFact {}

    /**
     * The rank finished task taskId. cpuNanos is what the task is charged (host CPU nanoseconds before
     * the CPU ratio: its measured CPU time, or a deterministic cost); measuredCpuNanos is what it really
     * took here, recorded in tasks.csv for replay.
     */
    record TaskDone(int rank, long cpuNanos, int taskId, long measuredCpuNanos) implements RankFact {}

    /** The rank finished after cpuNanos of computation since its previous fact. */
    record Finished(int rank, long cpuNanos) implements RankFact {}

    /**
     * The rank entered a collective on communicator comm (its id: 0 MPI_COMM_WORLD, 1 MPI_COMM_SELF; communicators with
     * no member in common may share an id, so leader, the rank of its first member, tells them apart; members: how
     * many it has, -1 for every rank of the run): what every rank of the n-th collective of a communicator must agree
     * on (MPI 3.1 §5.1), -1 where the call has no such thing or the ranks may differ. It costs nothing: the
     * collective's messages are charged as they are sent and received. The kernel compares it across the members as it
     * arrives ({@link CollectiveCalls}).
     */
    record Collective(int rank, String call, int comm, int leader, int members, int root, long dataBytes, int op)
            implements RankFact {
        /** A collective on a communicator of every rank whose first member is rank 0 (MPI_COMM_WORLD's). */
        public Collective(int rank, String call, int comm, int root, long dataBytes, int op) {
            this(rank, call, comm, 0, -1, root, dataBytes, op);
        }

        @Override
        public long cpuNanos() {
            return 0;
        }
    }

    /**
     * The rank entered the MPI call `call` (named as MPI names it: MPI_Send, MPI_Bcast, ...) after cpuNanos of
     * computation. Only a trace reads it: ranks report calls only when an OTF2 timeline is asked for, and the call
     * costs nothing beyond its computation, so the prediction is the same with or without them.
     */
    record CallEnter(int rank, long cpuNanos, String call) implements RankFact {}

    /** The rank left the call it entered last, after cpuNanos of computation (0: the call's own work is not charged). */
    record CallLeave(int rank, long cpuNanos) implements RankFact {}

    /**
     * The rank is member `index` of the communicator it just created with the others (in the creating call): its id
     * comm, the world rank of its first member (leader) and its size (members), made from the communicator of id parent,
     * which the rank belongs to. Only a trace reads it, to define each communicator with its members: ranks send it only
     * when an OTF2 timeline is asked for, and it costs nothing.
     */
    record CommMember(int rank, int comm, int leader, int members, int index, int parent) implements RankFact {
        @Override
        public long cpuNanos() {
            return 0;
        }
    }

    /**
     * In the call that starts it, the rank started its request number `request`: a receive on context (tags 0), or a
     * nonblocking collective whose messages travel on context with the tags firstTag .. firstTag + tags - 1. For the
     * trace only, as CallEnter; it costs nothing.
     */
    record RequestStarted(int rank, int request, int context, int firstTag, int tags) implements RankFact {
        @Override
        public long cpuNanos() {
            return 0;
        }
    }

    /**
     * In the wait or test that completes it for the program, the rank completed its request number `request`: a receive
     * of the message from source (a world rank) with tag on context of `bytes` bytes; -1 for source, tag and context
     * (bytes 0) when it is a nonblocking collective or a receive that was cancelled. For the trace only; it costs nothing.
     */
    record RequestCompleted(int rank, int request, int source, int tag, int context, int bytes) implements RankFact {
        @Override
        public long cpuNanos() {
            return 0;
        }
    }

    /**
     * Before Finished, in real mode: of the wall time the program spent between its calls (outsideNanos), how much it
     * spent off the CPU, blocked by itself (sleeping, waiting for I/O): what CPU time does not charge. Charges nothing.
     */
    record OffCpu(int rank, long offCpuNanos, long outsideNanos) implements RankFact {
        @Override
        public long cpuNanos() {
            return 0;
        }
    }

    /**
     * An MPI call of the rank's program returned an error and the program goes on, as MPI lets it when the
     * communicator's handler returns (MPI 3.1 §8.3): error is MPI's string of it (its class's name first, as Open MPI
     * writes it), handler the one that returned (MPI_ERRORS_RETURN, or the program's own). Charges nothing; the run
     * records it (RunResult.errors).
     */
    record MpiError(int rank, String call, String error, String handler) implements RankFact {
        @Override
        public long cpuNanos() {
            return 0;
        }
    }

    /**
     * After the Collective of a v collective (Gatherv, Scatterv, Allgatherv, Alltoallv, Alltoallw): what the rank, member
     * `index` of its communicator, sends to and expects from each member from `first` on, in bytes (count times the
     * type's size; -1 where nothing), one entry a member. A communicator larger than a frame holds takes several. The
     * kernel compares each pair of members as they arrive (MPI 3.1 §5: every pair's type signatures match); charges nothing.
     */
    record Blocks(int rank, int index, int first, List<Long> sends, List<Long> receives) implements RankFact {
        public Blocks {
            sends = List.copyOf(sends);
            receives = List.copyOf(receives);
            if (sends.size() != receives.size()) {
                throw new IllegalArgumentException("blocks of " + sends.size() + " sends and " + receives.size() + " receives");
            }
        }

        @Override
        public long cpuNanos() {
            return 0;
        }
    }

    /** The rank failed; the run must end with this reason. */
    record Failed(int rank, String reason) implements RankFact {
        @Override
        public long cpuNanos() {
            return 0;
        }
    }
}
