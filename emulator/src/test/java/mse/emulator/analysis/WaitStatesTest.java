package mse.emulator.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mse.cluster.profiles.NetworkProfile;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.VirtualTimeKernel;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/**
 * The wait states and the critical path of constructed runs with deterministic costs, each against its value
 * computed by hand from the profile's parameters: a slave made late by a known amount, a master whose receive
 * overhead bounds the run, a collective with one late rank, a synchronous send to a late receiver.
 */
class WaitStatesTest {

    private static final long MS = 1_000_000;
    private static final int ANY = RankFact.ANY;

    /** L = 50 us, G = 0.08 us/byte, constant overheads (us), no P term; rendezvous from `syncBytes` (0: never). */
    private static LogGpsModel network(int processes, double sendMicros, double recvMicros, long syncBytes) {
        return new LogGpsModel(new NetworkProfile("constructed", "test", 50.0, 0, 0.08, syncBytes,
                new NetworkProfile.Overhead(sendMicros, 0, 0), new NetworkProfile.Overhead(recvMicros, 0, 0)), processes);
    }

    private record Run(RunResult result, RunBounds bounds, List<PathStretch> stretches) {
        RankWaitStates waits(int rank) {
            return bounds.waitStates().get(rank);
        }
    }

    private static Run run(LogGpsModel network, List<Integer> masters, RankFact... facts) {
        RunAnalysis analysis = new RunAnalysis(network, masters, true);
        VirtualTimeKernel kernel = new VirtualTimeKernel(network, new TargetCpu(1.0), analysis);
        for (RankFact fact : facts) {
            kernel.accept(fact);
        }
        RunResult result = kernel.result();
        assertEquals(true, kernel.outcome().isOver(), "the run ended: " + kernel.outcome());
        RunBounds bounds = analysis.bounds(result);
        assertEquals(result.predictedNanos(), bounds.criticalPath().totalNanos(), "the path's parts add up to the prediction");
        return new Run(result, bounds, analysis.criticalStretches());
    }

    @Test
    void aSlaveMadeLateByAKnownAmountIsItsMastersLateSender() {
        LogGpsModel net = network(2, 10, 20, 0);
        long late = 5 * MS;
        // the master posts its receive at 0; the slave computes 5 ms, then sends its 8-byte result
        Run run = run(net, List.of(0),
                new RankFact.Receive(0, 0, ANY, 1, true), new RankFact.Finished(0, 0),
                new RankFact.Sent(1, late, 0, 1, 8), new RankFact.Finished(1, 0));
        assertEquals(late, run.waits(0).lateSenderNanos());
        assertEquals(0, run.waits(1).lateSenderNanos());
        assertEquals(0, run.waits(0).queueWaitNanos());
        CriticalPath path = run.bounds().criticalPath();
        assertEquals(0, path.endRank());
        assertEquals(late, path.nanos(PathPart.OTHER_COMPUTE));
        assertEquals(net.sendOverheadNanos(8), path.nanos(PathPart.OTHER_SEND_OVERHEAD));
        assertEquals(net.wireNanos(8), path.networkNanos());
        assertEquals(net.recvOverheadNanos(8), path.nanos(PathPart.MASTER_RECEIVE_OVERHEAD));
        assertEquals(0, path.waitNanos());
        assertEquals("the slaves' computation", path.boundSentence().split(":")[0]);
        long arrival = late + net.sendOverheadNanos(8) + net.wireNanos(8);
        assertEquals(List.of(new PathStretch(1, 0, late + net.sendOverheadNanos(8)),
                new PathStretch(0, arrival, arrival + net.recvOverheadNanos(8))), run.stretches(),
                "the slave until its send, the message, the master's receive");
    }

    @Test
    void aMasterWhoseReceiveOverheadBoundsTheRun() {
        LogGpsModel net = network(4, 1, 1000, 0);
        // three slaves send their result at 0; the master takes them one by one, 1 ms of receive overhead each
        Run run = run(net, List.of(0),
                new RankFact.Receive(0, 0, ANY, 1, true), new RankFact.Receive(0, 0, ANY, 1, true),
                new RankFact.Receive(0, 0, ANY, 1, true), new RankFact.Finished(0, 0),
                new RankFact.Sent(1, 0, 0, 1, 8), new RankFact.Finished(1, 0),
                new RankFact.Sent(2, 0, 0, 1, 8), new RankFact.Finished(2, 0),
                new RankFact.Sent(3, 0, 0, 1, 8), new RankFact.Finished(3, 0));
        long os = net.sendOverheadNanos(8);
        long or = net.recvOverheadNanos(8);
        long transfer = net.transferNanos(8);
        // they reach the master's interface together and pass it one after another, in rank order
        long first = os + net.wireNanos(8);
        long[] arrivals = {first, first + transfer, first + 2 * transfer};
        CriticalPath path = run.bounds().criticalPath();
        assertEquals(3 * or, path.nanos(PathPart.MASTER_RECEIVE_OVERHEAD));
        assertEquals(os, path.overheadNanos() - 3 * or);
        assertEquals(net.wireNanos(8), path.networkNanos());
        assertEquals(first + 3 * or, run.result().predictedNanos());
        long percent = Math.round(100.0 * 3 * or / (first + 3 * or));
        assertEquals("the master's receive overhead: " + percent + "% of the critical path", path.boundSentence());
        long queued = (arrivals[0] + or - arrivals[1]) + (arrivals[0] + 2 * or - arrivals[2]);
        assertEquals(queued, run.waits(0).queueWaitNanos());
        assertEquals(0, run.waits(0).lateSenderNanos(), "every result was sent when the master posted its receive");
    }

    /** Rank's entry into a collective on the world, as EmulatedComm and the interposition library report it. */
    private static RankFact.Collective entry(int rank, String call, int root) {
        return new RankFact.Collective(rank, call, 0, root, -1, -1);
    }

    @Test
    void aCollectiveWithOneLateRank() {
        LogGpsModel net = network(3, 10, 20, 0);
        int gather = 1;
        int collectives = RankFact.WORLD_LIBRARY_CONTEXT; // a collective's messages travel on a library context
        long late = 3 * MS;
        // a linear gather to rank 0: ranks 0 and 1 come at 0, rank 2 computes 3 ms first
        Run run = run(net, List.of(),
                entry(0, "MPI_Gather", 0), new RankFact.Receive(0, 0, 1, gather, false, collectives),
                new RankFact.Receive(0, 0, 2, gather, false, collectives), new RankFact.Finished(0, 0),
                entry(1, "MPI_Gather", 0), new RankFact.Sent(1, 0, 0, gather, 0, collectives), new RankFact.Finished(1, 0),
                entry(2, "MPI_Gather", 0), new RankFact.Sent(2, late, 0, gather, 0, collectives), new RankFact.Finished(2, 0));
        // the root waits from its entry until the last rank's; the others need nobody's part
        assertEquals(late, run.waits(0).collectiveWaitNanos());
        assertEquals(0, run.waits(1).collectiveWaitNanos());
        assertEquals(0, run.waits(2).collectiveWaitNanos());
        assertEquals(0, run.waits(0).lateSenderNanos(), "a collective's wait is not a late sender's");
        CriticalPath path = run.bounds().criticalPath();
        assertEquals(late, path.computeNanos());
        assertEquals("the ranks' computation", path.boundSentence().split(":")[0]);
    }

    /**
     * A linear barrier (fan-in to rank 0, fan-out from it) whose rank 2 comes 3 ms late, then at once a broadcast from
     * rank 0, which computes 2 ms first: in the barrier every other rank waits exactly the 3 ms; in the broadcast the
     * others wait for the root alone, each from its own entry (its receive's start, after the barrier's fan-out reached
     * it) until the root's (its first send, after its 2 ms), on the same tags as the barrier's, told apart by the entries.
     */
    @Test
    void aBarrierWaitsForItsLastRankAndABroadcastForItsRoot() {
        LogGpsModel net = network(3, 10, 20, 0);
        int barrier = 3;
        int bcast = 0;
        int collectives = RankFact.WORLD_LIBRARY_CONTEXT;
        long late = 3 * MS;
        long rootLate = 2 * MS;
        Run run = run(net, List.of(),
                entry(0, "MPI_Barrier", -1), new RankFact.Receive(0, 0, 1, barrier, false, collectives),
                new RankFact.Receive(0, 0, 2, barrier, false, collectives), new RankFact.Sent(0, 0, 1, barrier, 0, collectives),
                new RankFact.Sent(0, 0, 2, barrier, 0, collectives), entry(0, "MPI_Bcast", 0), new RankFact.Sent(0, rootLate, 1, bcast, 8, collectives),
                new RankFact.Sent(0, 0, 2, bcast, 8, collectives), new RankFact.Finished(0, 0),
                entry(1, "MPI_Barrier", -1), new RankFact.Sent(1, 0, 0, barrier, 0, collectives), new RankFact.Receive(1, 0, 0, barrier, false, collectives),
                entry(1, "MPI_Bcast", 0), new RankFact.Receive(1, 0, 0, bcast, false, collectives), new RankFact.Finished(1, 0),
                entry(2, "MPI_Barrier", -1), new RankFact.Sent(2, late, 0, barrier, 0, collectives), new RankFact.Receive(2, 0, 0, barrier, false, collectives),
                entry(2, "MPI_Bcast", 0), new RankFact.Receive(2, 0, 0, bcast, false, collectives), new RankFact.Finished(2, 0));
        long os = net.sendOverheadNanos(0);
        long or = net.recvOverheadNanos(0);
        long wire = net.wireNanos(0);
        // rank 0 has both arrivals at `released` (rank 2's came last), then sends the fan-out to 1 and 2
        long released = late + os + wire + or;
        long rootEntry = released + 2 * os + rootLate;
        long rank1Entry = released + os + wire + or;
        long rank2Entry = released + 2 * os + wire + or;
        assertEquals(late + (rootEntry - rank1Entry), run.waits(1).collectiveWaitNanos());
        assertEquals(rootEntry - rank2Entry, run.waits(2).collectiveWaitNanos(), "nothing in the barrier: it came last");
        assertEquals(late, run.waits(0).collectiveWaitNanos(), "nothing in the broadcast: the root waits for nobody");
        for (int rank = 0; rank < 3; rank++) {
            assertEquals(0, run.waits(rank).lateSenderNanos(), "rank " + rank);
        }
    }

    /**
     * A scan down a chain (the linear profile's: 0 sends 1, which sends 2) waits only for the ranks below (an early
     * scan): a late last rank makes nobody wait, as it would in an all-to-all; a late rank 0 makes both others wait for
     * it, each from its entry (its receive's start at 0).
     */
    @Test
    void aScanWaitsForTheRanksBelowOnly() {
        LogGpsModel net = network(3, 10, 20, 0);
        long late = 3 * MS;
        Run lastLate = chainScan(net, 2, late);
        Run firstLate = chainScan(net, 0, late);
        for (int rank = 0; rank < 3; rank++) {
            assertEquals(0, lastLate.waits(rank).collectiveWaitNanos(), "rank 2 late: rank " + rank);
        }
        assertEquals(0, firstLate.waits(0).collectiveWaitNanos());
        assertEquals(late, firstLate.waits(1).collectiveWaitNanos());
        assertEquals(late, firstLate.waits(2).collectiveWaitNanos());
    }

    /** MPI_Scan at np 3 on the chain, the late rank computing `late` before its first act in it. */
    private static Run chainScan(LogGpsModel net, int lateRank, long late) {
        int scan = 6;
        int collectives = RankFact.WORLD_LIBRARY_CONTEXT;
        return run(net, List.of(),
                entry(0, "MPI_Scan", -1), new RankFact.Sent(0, lateRank == 0 ? late : 0, 1, scan, 4, collectives),
                new RankFact.Finished(0, 0),
                entry(1, "MPI_Scan", -1), new RankFact.Receive(1, lateRank == 1 ? late : 0, 0, scan, false, collectives),
                new RankFact.Sent(1, 0, 2, scan, 4, collectives), new RankFact.Finished(1, 0),
                entry(2, "MPI_Scan", -1), new RankFact.Receive(2, lateRank == 2 ? late : 0, 1, scan, false, collectives),
                new RankFact.Finished(2, 0));
    }

    @Test
    void aSynchronousSendToALateReceiverIsTheSendersLateReceiver() {
        LogGpsModel net = network(2, 10, 20, 4096);
        long late = 2 * MS;
        Run run = run(net, List.of(0),
                new RankFact.Sent(0, 0, 1, 1, 8192), new RankFact.Finished(0, 0),
                new RankFact.Receive(1, late, 0, 1, false), new RankFact.Finished(1, 0));
        long arrival = net.sendOverheadNanos(8192) + net.wireNanos(8192);
        assertEquals(late - arrival, run.waits(0).lateReceiverNanos());
        assertEquals(late - arrival, run.waits(1).queueWaitNanos());
        CriticalPath path = run.bounds().criticalPath();
        assertEquals(1, path.endRank());
        assertEquals(late, path.computeNanos(), "the receiver's 2 ms, not the sender's wait, are on the path");
        assertEquals(net.recvOverheadNanos(8192), path.overheadNanos());
    }
}
