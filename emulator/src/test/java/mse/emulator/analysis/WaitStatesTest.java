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

    @Test
    void aCollectiveWithOneLateRank() {
        LogGpsModel net = network(3, 10, 20, 0);
        int gather = 1;
        int collectives = RankFact.WORLD_LIBRARY_CONTEXT; // a collective's messages travel on a library context
        long late = 3 * MS;
        // a linear gather to rank 0: rank 1 comes at 0, rank 2 computes 3 ms first
        Run run = run(net, List.of(),
                new RankFact.Receive(0, 0, 1, gather, false, collectives),
                new RankFact.Receive(0, 0, 2, gather, false, collectives), new RankFact.Finished(0, 0),
                new RankFact.Sent(1, 0, 0, gather, 0, collectives), new RankFact.Finished(1, 0),
                new RankFact.Sent(2, late, 0, gather, 0, collectives), new RankFact.Finished(2, 0));
        // rank 0 posts its second receive when the first is done, and waits for rank 2 to come
        long secondPosted = net.sendOverheadNanos(0) + net.wireNanos(0) + net.recvOverheadNanos(0);
        assertEquals(late - secondPosted, run.waits(0).collectiveWaitNanos());
        assertEquals(0, run.waits(0).lateSenderNanos(), "a collective's wait is not a late sender's");
        CriticalPath path = run.bounds().criticalPath();
        assertEquals(late, path.computeNanos());
        assertEquals("the ranks' computation", path.boundSentence().split(":")[0]);
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
