package mse.mpi.comm;

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

    /** Blocking probe: the envelope of the message the matching recv would return, without taking it. */
    Envelope probe(int source, int tag);

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
     * compiled them, so the measured run is charged compiled code (DESIGN.md, "Virtual time rules"). Plain
     * comms just run it; the emulator charges neither it nor the rank's CPU time before it (its start-up).
     * Call it before the program's first Comm operation.
     */
    default void warmUp(Runnable work) {
        work.run();
    }

    @Override
    void close();
}
