package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.RankAccount;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TaskCost;
import org.junit.jupiter.api.Test;

/**
 * The new operations in virtual time, in closed form on the seed 001 MSE-row network (deterministic task cost,
 * so only messages and tasks move clocks): a collective costs its algorithm's point-to-point messages, a test or
 * iprobe answers as of the rank's virtual now, waitAny takes the earliest arrival; and chaos changes nothing.
 */
class EmulatedNonBlockingTest {

    private static final NetworkProfile MPICH = ProfileLoader.load("mpich-fast-ethernet").network();
    private static final long TASK_NANOS = 1_000_000;
    private static final TaskCost FIXED = new TaskCost.Fixed(TASK_NANOS);

    /** One message of k bytes, sent and received at once: o_s + wire + o_r among P processes. */
    private static long pointToPoint(int np, int bytes) {
        LogGpsModel model = new LogGpsModel(MPICH, np);
        return model.sendOverheadNanos(bytes) + model.wireNanos(bytes) + model.recvOverheadNanos(bytes);
    }

    private static List<Long> finalClocks(int np, CollectiveAlgorithm algorithm, int chaos, Consumer<Comm> body) throws Exception {
        return EmulatedWorld.run(MPICH, np, algorithm, FIXED, chaos, 7, body).result().ranks().stream()
                .map(RankAccount::finalClockNanos).toList();
    }

    @Test
    void aBinomialBroadcastOverAPowerOfTwoCostsLog2PRoundsOfOnePointToPointMessage() throws Exception {
        for (int np : new int[] {2, 4, 8}) {
            List<Long> clocks = finalClocks(np, CollectiveAlgorithm.BINOMIAL, 0, comm -> comm.bcast(new byte[64], 0));
            int rounds = Integer.numberOfTrailingZeros(np);
            assertEquals(rounds * pointToPoint(np, 64), clocks.stream().mapToLong(Long::longValue).max().orElseThrow(), "P=" + np);
            assertEquals(rounds * pointToPoint(np, 64), clocks.get(np - 1), "the last rank is the deepest of the tree");
        }
    }

    @Test
    void binomialReduceBarrierAndGatherCostTheirTreesMessages() throws Exception {
        for (int np : new int[] {2, 4, 8}) {
            int rounds = Integer.numberOfTrailingZeros(np);
            List<Long> reduce = finalClocks(np, CollectiveAlgorithm.BINOMIAL, 0,
                    comm -> comm.reduce(ReduceOp.longs(1, 2, 3), ReduceOp.SUM_LONG, 0));
            assertEquals(rounds * pointToPoint(np, 24), reduce.get(0), "P=" + np + ": the root takes its last child's sum last");
            List<Long> barrier = finalClocks(np, CollectiveAlgorithm.BINOMIAL, 0, Comm::barrier);
            assertEquals(2 * rounds * pointToPoint(np, 0), barrier.get(np - 1), "P=" + np + ": in to rank 0 and out again");
        }
        List<Long> gather = finalClocks(2, CollectiveAlgorithm.BINOMIAL, 0, comm -> comm.gather(new byte[100], 0));
        assertEquals(pointToPoint(2, 108), gather.get(0), "one array of 100 bytes with its 8-byte header");
    }

    @Test
    void aLinearBroadcastHasTheRootSendPMinusOneMessagesOneAfterTheOther() throws Exception {
        int np = 5;
        LogGpsModel model = new LogGpsModel(MPICH, np);
        List<Long> clocks = finalClocks(np, CollectiveAlgorithm.LINEAR, 0, comm -> comm.bcast(new byte[64], 0));
        assertEquals((np - 1) * model.sendOverheadNanos(64), clocks.get(0));
        assertEquals((np - 1) * model.sendOverheadNanos(64) + model.wireNanos(64) + model.recvOverheadNanos(64), clocks.get(np - 1));
    }

    @Test
    void testAndIprobeAnswerAsOfTheRanksVirtualNow() throws Exception {
        long arrival = TASK_NANOS * 3 + new LogGpsModel(MPICH, 2).sendOverheadNanos(8) + new LogGpsModel(MPICH, 2).wireNanos(8);
        List<Boolean> seen = new ArrayList<>();
        List<Long> clocks = finalClocks(2, CollectiveAlgorithm.BINOMIAL, 0, comm -> {
            if (comm.rank() == 0) {
                for (int t = 0; t < 3; t++) {
                    comm.taskDone(t, 1);
                }
                comm.send(new byte[8], 1, 2);
            } else {
                Request r = comm.irecv(0, 2, 8);
                seen.add(r.test()); // at 0: the message leaves at 3 ms
                for (int t = 0; t < 3; t++) {
                    comm.taskDone(10 + t, 1);
                }
                seen.add(comm.iprobe(0, 2).isPresent()); // at 3 ms: it has left, not arrived
                comm.taskDone(20, 1);
                seen.add(r.test()); // at 4 ms: arrived
            }
        });
        assertEquals(List.of(false, false, true), seen);
        assertTrue(arrival < 4 * TASK_NANOS);
        LogGpsModel model = new LogGpsModel(MPICH, 2);
        assertEquals(4 * TASK_NANOS + 2 * model.recvOverheadNanos(0) + model.recvOverheadNanos(8), clocks.get(1),
                "two empty polls at o_r(P, 0) each, and the receive overhead of the message the test took");
    }

    @Test
    void waitAnyPollingAndCollectivesUnderChaosChangeNothingVirtual() throws Exception {
        ConcurrentHashMap<Integer, Integer> order = new ConcurrentHashMap<>();
        Consumer<Comm> body = comm -> {
            if (comm.rank() == 0) {
                List<Request> requests = new ArrayList<>();
                for (int r = 1; r < comm.size(); r++) {
                    requests.add(comm.irecv(r, 1, 8));
                }
                List<Integer> sources = new ArrayList<>();
                while (!requests.isEmpty()) {
                    int i = Request.waitAny(requests);
                    sources.add(requests.remove(i).waitFor().source());
                }
                order.put(0, sources.hashCode());
                assertEquals(List.of(3, 2, 1), sources, "rank 3 computes least, so its message arrives first");
                byte[] total = comm.reduce(ReduceOp.longs(0), ReduceOp.SUM_LONG, 0);
                assertEquals(6, ReduceOp.toLongs(total)[0]);
                comm.barrier();
                int polls = 1;
                while (comm.iprobe(1, 2).isEmpty()) {
                    polls++; // a polling loop: each empty poll costs o_r(P, 0) of virtual time
                }
                assertTrue(polls > 1, "rank 1 computes two tasks before it sends");
                comm.recv(1, 2);
            } else {
                for (int t = 0; t < 4 - comm.rank(); t++) {
                    comm.taskDone(comm.rank() * 10 + t, 1);
                }
                comm.isend(new byte[8], 0, 1).waitFor();
                comm.reduce(ReduceOp.longs(comm.rank()), ReduceOp.SUM_LONG, 0);
                comm.barrier();
                if (comm.rank() == 1) {
                    comm.taskDone(40, 1);
                    comm.taskDone(41, 1);
                    comm.send(new byte[100], 0, 2);
                }
            }
            assertEquals(4, comm.bcast(comm.rank() == 2 ? new byte[4] : null, 2).length);
            List<byte[]> all = comm.gather(new byte[comm.rank()], 3);
            assertTrue(comm.rank() != 3 || all.get(2).length == 2);
        };
        List<Long> calm = finalClocks(4, CollectiveAlgorithm.BINOMIAL, 0, body);
        List<Long> chaotic = finalClocks(4, CollectiveAlgorithm.BINOMIAL, 3, body);
        assertEquals(calm, chaotic, "real delays before every operation change no virtual clock");
        assertFalse(calm.contains(0L));
    }
}
