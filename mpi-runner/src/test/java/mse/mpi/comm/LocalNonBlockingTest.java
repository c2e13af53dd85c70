package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** isend, irecv, iprobe, test, wait and waitAny over LocalComm: MPI's semantics, ranks as threads. */
class LocalNonBlockingTest {

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Message m) {
        return new String(m.data(), StandardCharsets.UTF_8);
    }

    @Test
    void aPostedReceiveCompletesWithTheMessageAndTestSaysWhenItHas() {
        new LocalWorld(2).run(comm -> {
            if (comm.rank() == 0) {
                comm.recv(1, 9); // rank 1 has tested once: now send
                assertTrue(comm.isend(text("hello"), 1, 3).test(), "a local isend is complete when posted");
            } else {
                Request r = comm.irecv(0, 3, 16);
                assertFalse(r.test(), "nothing sent yet");
                assertTrue(comm.iprobe(0, 3).isEmpty());
                comm.send(new byte[0], 0, 9);
                assertEquals("hello", text(r.waitFor()));
                assertTrue(r.test(), "a completed request stays complete");
            }
        });
    }

    @Test
    void eachMessageGoesToTheEarliestPostedReceiveItMatchesWhateverOrderTheProgramWaitsIn() {
        new LocalWorld(2).run(comm -> {
            if (comm.rank() == 0) {
                comm.send(text("first"), 1, 5);
                comm.send(text("second"), 1, 5);
                comm.send(text("third"), 1, 6);
            } else {
                Request any = comm.irecv(Comm.ANY_SOURCE, Comm.ANY_TAG, 16);
                Request five = comm.irecv(0, 5, 16);
                assertEquals("second", text(five.waitFor()), "the first tag-5 message matched the earlier ANY receive");
                assertEquals("first", text(any.waitFor()));
                assertEquals("third", text(comm.recv(0, Comm.ANY_TAG)));
            }
        });
    }

    @Test
    void aBlockingReceiveOrIprobeNeverSeesAMessageAPendingReceiveTakesFirst() {
        new LocalWorld(2).run(comm -> {
            if (comm.rank() == 0) {
                comm.send(text("a"), 1, 1);
                comm.send(text("b"), 1, 1);
            } else {
                Request pending = comm.irecv(0, 1, 8);
                assertEquals("b", text(comm.recv(0, 1)));
                assertEquals("a", text(pending.waitFor()));
                assertTrue(comm.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG).isEmpty());
            }
        });
    }

    @Test
    void waitAnyReturnsTheRequestWhoseMessageCameFirst() {
        new LocalWorld(4).run(comm -> {
            switch (comm.rank()) {
                case 1 -> {
                    List<Request> requests = new ArrayList<>(List.of(comm.irecv(2, 0, 8), comm.irecv(3, 0, 8)));
                    assertEquals(1, Request.waitAny(requests), "only rank 3 has sent");
                    requests.remove(1);
                    comm.send(new byte[0], 2, 0); // now rank 2 may send
                    assertEquals(0, Request.waitAny(requests));
                    assertEquals(2, requests.get(0).waitFor().source());
                }
                case 2 -> {
                    comm.recv(1, 0);
                    comm.send(text("late"), 1, 0);
                }
                case 3 -> comm.send(text("early"), 1, 0);
                default -> { }
            }
        });
    }

    @Test
    void aMessageLargerThanTheReceivesCapacityIsAnError() {
        CommException e = assertThrows(CommException.class, () -> new LocalWorld(2).run(comm -> {
            if (comm.rank() == 0) {
                comm.send(new byte[9], 1, 0);
            } else {
                comm.irecv(0, 0, 8).waitFor();
            }
        }));
        assertTrue(e.getMessage().contains("9 bytes") && e.getMessage().contains("capacity 8"), e.getMessage());
    }

    @Test
    void collectivesOnEveryRootAndSizeAndWildcardReceivesNeverTakeTheirMessages() {
        for (int np = 1; np <= 7; np++) {
            for (int root = 0; root < np; root++) {
                int r0 = root;
                new LocalWorld(np).run(comm -> {
                    if (comm.rank() != r0) {
                        comm.send(text("user"), r0, 4); // a user message in flight during the collectives
                    }
                    byte[] got = comm.bcast(comm.rank() == r0 ? text("data") : null, r0);
                    assertEquals("data", new String(got, StandardCharsets.UTF_8));
                    List<byte[]> gathered = comm.gather(new byte[comm.rank()], r0);
                    byte[] sum = comm.reduce(ReduceOp.longs(comm.rank(), 1), ReduceOp.SUM_LONG, r0);
                    byte[] max = comm.reduce(ReduceOp.doubles(comm.rank()), ReduceOp.MAX_DOUBLE, r0);
                    comm.barrier();
                    if (comm.rank() == r0) {
                        for (int r = 0; r < comm.size(); r++) {
                            assertEquals(r, gathered.get(r).length);
                        }
                        long n = comm.size();
                        assertArrayEquals(new long[] {n * (n - 1) / 2, n}, ReduceOp.toLongs(sum));
                        assertArrayEquals(new double[] {n - 1}, ReduceOp.toDoubles(max));
                        for (int r = 1; r < comm.size(); r++) {
                            assertEquals("user", text(comm.recv(Comm.ANY_SOURCE, Comm.ANY_TAG)));
                        }
                    } else {
                        assertNull(gathered);
                        assertNull(sum);
                    }
                });
            }
        }
    }
}
