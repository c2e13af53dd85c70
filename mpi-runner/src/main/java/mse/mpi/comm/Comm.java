package mse.mpi.comm;

import java.util.List;
import java.util.Optional;

/**
 * The little of MPI a master/slave program needs. Programs talk only to this interface, so the same
 * program runs on Open MPI (MpiComm), as threads in one JVM (LocalComm), or emulated in virtual time
 * (a decorator that reports to the emulator). Messages are byte arrays: their length is exactly the k
 * of the network model.
 */
public interface Comm extends AutoCloseable {

    /** Wildcard source, as MPI.ANY_SOURCE. */
    int ANY_SOURCE = -1;
    /** Wildcard tag, as MPI.ANY_TAG. */
    int ANY_TAG = -1;

    int rank();

    int size();

    /** Blocking standard-mode send of the whole array. */
    void send(byte[] data, int dest, int tag);

    /**
     * A send that never waits for the receiver: it returns once the data is copied, and the message is
     * delivered in order with the others (MPI_Isend completed later). The emulator needs it: virtual time
     * treats a message below the profile's sync threshold as eager, while a real MPI transport may hold a
     * large standard send until the receiver takes it (rendezvous), and a sender stuck there could never
     * tell the emulator how far it got. Plain sends keep MPI's own semantics.
     */
    default void sendDetached(byte[] data, int dest, int tag) {
        send(data, dest, tag);
    }

    /**
     * Blocking receive of the next message matching source and tag (either may be a wildcard).
     * Messages from one source with the same tag are received in the order they were sent.
     */
    Message recv(int source, int tag);

    /**
     * {@link #recv}, of a message whose size the caller knows already (the emulator granted exactly that message):
     * an MPI receive then needs no probe first. A message of another size is the caller's to detect.
     */
    default Message recvKnown(int source, int tag, int bytes) {
        return recv(source, tag);
    }

    /** Blocking probe: the envelope of the message the matching recv would return, without taking it. */
    Envelope probe(int source, int tag);

    /**
     * MPI_Isend: starts a send and returns at once; the request completes once the data is on its way (it never
     * waits for the receiver here: LocalComm and EmulatedComm complete it when posted, MpiComm when MPI does).
     * Emulated, it is charged as a send. A message of at least the profile's sync threshold S is a rendezvous in
     * the model: the emulator then holds the sender at the isend until the receiver takes the message, as a
     * blocking synchronous send; the overlap MPI_Isend allows there is not modelled.
     */
    Request isend(byte[] data, int dest, int tag);

    /**
     * MPI_Irecv: posts a receive of at most capacity bytes (MPI's count; a larger message is an error) and returns
     * at once. Pending receives match messages in (virtual) arrival order, each message going to the
     * earliest-posted receive it matches; see {@link Request} for how test and wait are charged.
     */
    Request irecv(int source, int tag, int capacity);

    /**
     * MPI_Iprobe: the envelope of the message a matching receive would take now, if one has arrived. Emulated, it
     * answers as of the rank's virtual now (the emulator waits until no earlier arrival is still possible), and a
     * polling loop of iprobes charges its CPU time like any computation.
     */
    Optional<Envelope> iprobe(int source, int tag);

    /**
     * MPI_Bcast: the root's data, on every rank (the others' argument is ignored and may be null). Collectives
     * must be called by every rank in the same order. Emulated, a collective is charged as the point-to-point
     * messages of the profile's algorithm ({@code mpi { collectives = binomial | linear }}, binomial by default).
     */
    byte[] bcast(byte[] data, int root);

    /** MPI_Gatherv: at the root, every rank's data indexed by rank (lengths may differ); null elsewhere. */
    List<byte[]> gather(byte[] data, int root);

    /**
     * MPI_Reduce: at the root, every rank's data combined element-wise by op (same length everywhere, 8-byte
     * elements, see {@link ReduceOp}); null elsewhere.
     */
    byte[] reduce(byte[] data, ReduceOp op, int root);

    /** MPI_Barrier: returns once every rank has called it. */
    void barrier();

    /**
     * Seconds since an arbitrary origin, as MPI.Wtime(): wall time when plain, the rank's virtual time
     * when emulated. Programs must use this, never the host clock, for any decision they make.
     */
    double wtime();

    /**
     * True when a blocking receive here waits without burning CPU (threads on a condition) rather than
     * spinning as an idle Open MPI rank does. The emulator then lets a receive from a named source wait in
     * the Comm itself instead of on its socket, saving a round trip per message.
     */
    default boolean blocksWithoutSpinning() {
        return false;
    }

    /**
     * The program finished task taskId, whose size is workUnits (for MASE: its escape iterations).
     * This is not timing code: plain comms ignore it; the emulator charges the task by its cost model
     * (measured CPU time, or a deterministic cost) and records it in tasks.csv.
     */
    default void taskDone(int taskId, long workUnits) {
    }

    /**
     * Runs work that readies the program and is not part of it: its hot paths run until the JIT has
     * compiled them, so the measured run is charged compiled code (docs/architecture.md, "Virtual time rules"). Plain
     * comms just run it; the emulator charges neither it nor the rank's CPU time before it (its start-up).
     * Call it before the program's first Comm operation, on every rank: over MPI it ends with a barrier, so the
     * program starts once every rank is ready and no rank's warm-up is timed as another's program.
     */
    default void warmUp(Runnable work) {
        warmUp(work, () -> { });
    }

    /**
     * {@link #warmUp(Runnable)}, then a rehearsal: the program's own message loop over a few of its tasks, through
     * this Comm, every rank taking part and consuming every message it brings. A plain run's JIT then compiles the
     * master's and slaves' loops before the measured span rather than inside it, so what is measured is the compiled
     * program the emulator charges. Emulated comms skip it: their loops are charged per call, compiled early, and a
     * rehearsal over MPI would have waiting ranks spin instead of sleeping on the emulator's socket.
     */
    default void warmUp(Runnable work, Runnable rehearsal) {
        work.run();
        rehearsal.run();
    }

    @Override
    void close();
}
