package mse.mpi.comm;


/**
 * Runs a Comm's point-to-point path before the measured run, the way a farm uses it: every other rank sends to
 * rank 0 and receives its reply, rank 0 receives from any source and replies to the sender. The program's own
 * warm-up compiles its tasks, not the MPI binding's send, probe and receive; without this those compile during the
 * run, and a short plain run over tcp on two cores spent a good share of its span in C1 and C2 compilations
 * taking the cores from the master and the slave, which the emulated prediction rightly does not charge.
 */
final class MessagePathWarmUp {

    /**
     * Below the collectives' tags (Collectives.FIRST_TAG), on the program's context.
     * A program may use the same tag: its messages cannot be in flight before the barrier that follows.
     */
    static final int TAG = Collectives.FIRST_TAG - 1;
    /**
     * Round trips per rank: with the rank JVMs' scaled compile thresholds (MpirunCommand.PROGRAM_JIT_OPTIONS) a
     * method reaches C2 within about a hundred calls; twice that leaves room for the binding's JDK callees.
     */
    static final int ROUNDS = 200;
    /** A result-sized message: the farms' tasks and results are tens of bytes. */
    private static final int BYTES = 64;

    private MessagePathWarmUp() {
    }

    /**
     * Named on even trips, the wildcard on odd ones: the farms receive both ways (a master from any slave, a slave
     * any tag from its master), and a receive compiled for one only would be compiled again in the run. Safe because
     * a barrier follows ({@link #run}): until every rank is through, only this exchange's messages are in flight.
     */
    private static int anyOr(int trip, int named, int wildcard) {
        return trip % 2 == 0 ? named : wildcard;
    }

    /**
     * Collective: every rank calls it, and a barrier must follow before any rank sends a message of its own (the
     * wildcard receives would take it); rank 0 serves ROUNDS round trips to each other rank.
     */
    static void run(Comm comm) {
        if (comm.rank() == 0) {
            for (int trip = 0; trip < ROUNDS * (comm.size() - 1); trip++) {
                Message m = comm.recv(Comm.ANY_SOURCE, anyOr(trip, TAG, Comm.ANY_TAG));
                comm.send(m.data(), m.source(), TAG);
            }
        } else {
            byte[] data = new byte[BYTES];
            for (int trip = 0; trip < ROUNDS; trip++) {
                comm.send(data, 0, TAG);
                data = comm.recv(anyOr(trip, 0, Comm.ANY_SOURCE), anyOr(trip / 2, TAG, Comm.ANY_TAG)).data();
            }
        }
    }
}
