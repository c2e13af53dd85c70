package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The message path's warm-up, then a barrier, leaves nothing behind: the program's first wildcard receive gets the program's message. */
class MessagePathWarmUpTest {

    private static final int PROGRAM_TAG = 5;

    @Test
    void everyWarmUpMessageIsConsumedBeforeTheProgramRuns() {
        new LocalWorld(4).run(comm -> {
            MessagePathWarmUp.run(comm);
            comm.barrier(); // as MpiComm.warmUp does: the wildcard receives would take a program message sent sooner
            assertTrue(comm.iprobe(Comm.ANY_SOURCE, MessagePathWarmUp.TAG).isEmpty(), "rank " + comm.rank() + " has a warm-up message left");
            if (comm.rank() == 0) {
                Set<Integer> senders = new HashSet<>();
                for (int i = 1; i < comm.size(); i++) {
                    Message m = comm.recv(Comm.ANY_SOURCE, Comm.ANY_TAG);
                    assertEquals(PROGRAM_TAG, m.tag());
                    assertEquals(m.source(), m.data()[0]);
                    senders.add(m.source());
                }
                assertEquals(Set.of(1, 2, 3), senders);
            } else {
                comm.send(new byte[] {(byte) comm.rank()}, 0, PROGRAM_TAG);
            }
        });
    }

    @Test
    void aSingleRankHasNoOneToExchangeWith() {
        new LocalWorld(1).run(MessagePathWarmUp::run);
    }
}
