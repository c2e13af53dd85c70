package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LocalWorldTest {

    @Test
    void messagesFromOneSourceAreNotOvertaken() {
        new LocalWorld(2).run(comm -> {
            if (comm.rank() == 1) {
                for (int i = 0; i < 50; i++) {
                    comm.send(new byte[] {(byte) i}, 0, i % 2);
                }
            } else {
                for (int i = 0; i < 50; i++) {
                    Message m = comm.recv(Comm.ANY_SOURCE, Comm.ANY_TAG);
                    assertArrayEquals(new byte[] {(byte) i}, m.data());
                    assertEquals(1, m.source());
                }
            }
        });
    }

    @Test
    void tagSelectsAmongQueuedMessagesAndProbeDoesNotConsume() {
        new LocalWorld(2).run(comm -> {
            if (comm.rank() == 1) {
                comm.send(new byte[] {1}, 0, 10);
                comm.send(new byte[] {2, 2}, 0, 20);
            } else {
                assertEquals(new Envelope(1, 20, 2), comm.probe(1, 20));
                assertEquals(20, comm.recv(1, 20).tag());
                assertEquals(10, comm.recv(Comm.ANY_SOURCE, Comm.ANY_TAG).tag());
            }
        });
    }

    @Test
    void deadlockNamesEveryWaitingRank() {
        CommException e = assertThrows(CommException.class, () -> new LocalWorld(3).run(comm -> comm.recv(Comm.ANY_SOURCE, 5)));
        assertTrue(e.getMessage().contains("deadlock"), e.getMessage());
        for (int r = 0; r < 3; r++) {
            assertTrue(e.getMessage().contains("rank " + r + " waits in receive(source=ANY, tag=5)"), e.getMessage());
        }
    }

    @Test
    void aFailingRankAbortsTheOthersAndIsNamed() {
        CommException e = assertThrows(CommException.class, () -> new LocalWorld(3).run(comm -> {
            if (comm.rank() == 2) {
                throw new IllegalStateException("boom");
            }
            comm.recv(2, 0);
        }));
        assertTrue(e.getMessage().contains("rank 2 failed"), e.getMessage());
    }
}
