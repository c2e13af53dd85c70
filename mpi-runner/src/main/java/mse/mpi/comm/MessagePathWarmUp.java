package mse.mpi.comm;

/**
 * Runs a Comm's point-to-point path before the measured run, the way a farm uses it: every other rank sends to
 * rank 0 and receives its reply, rank 0 receives from any source and replies to the sender. The program's own
 * warm-up compiles its tasks, not the MPI binding's send, probe and receive; without this those compile during the
 * run, and a short plain run over tcp on two cores measured 30-50 ms (a quarter of it) of C1 and C2 compilations
 * taking the cores from the master and the slave, which the emulated prediction rightly does not charge.
 */
final class MessagePathWarmUp {

    /** Below HostedEmulation's endpoint tag (32767), the largest tag MPI guarantees; no program message uses it. */
    static final int TAG = 32766;
    /**
     * Round trips per rank: with the rank JVMs' scaled compile thresholds (MpirunCommand.PROGRAM_JIT_OPTIONS) a
     * method reaches C2 within about a hundred calls; twice that leaves room for the binding's JDK callees.
     */
    static final int ROUNDS = 200;
    /** A result-sized message: the farms' tasks and results are tens of bytes. */
    private static final int BYTES = 64;

    private MessagePathWarmUp() {
    }

    /** Collective: every rank calls it; rank 0 serves ROUNDS round trips to each other rank. */
    static void run(Comm comm) {
        if (comm.rank() == 0) {
            for (int trip = 0; trip < ROUNDS * (comm.size() - 1); trip++) {
                Message m = comm.recv(Comm.ANY_SOURCE, TAG);
                comm.send(m.data(), m.source(), TAG);
            }
        } else {
            byte[] data = new byte[BYTES];
            for (int trip = 0; trip < ROUNDS; trip++) {
                comm.send(data, 0, TAG);
                data = comm.recv(0, TAG).data();
            }
        }
    }
}
