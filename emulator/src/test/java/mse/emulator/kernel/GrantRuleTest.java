package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.ANY;
import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.grants;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import mse.emulator.model.LogGpsModel;
import org.junit.jupiter.api.Test;

/** The grant rule of docs/architecture.md ("Grant rule") and the heartbeats it asks for. */
class GrantRuleTest {

    @Test
    void anySourceWaitsForARunningRankThatCouldStillSendEarlier() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        // Rank 1 sends after 1 ms of CPU; rank 2 is still at virtual time 0 and could send something sooner.
        feed(kernel, new RankFact.Sent(1, 1_000_000, 0, 1, 8));
        assertTrue(grants(feed(kernel, receive(0, ANY, ANY))).isEmpty());
        assertEquals(Set.of(2), ranksToHearFrom(kernel), "only rank 2 holds the grant back");
    }

    @Test
    void progressHeartbeatsReleaseTheGrant() {
        LogGpsModel model = Fixtures.model(3);
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        feed(kernel, new RankFact.Sent(1, 1_000_000, 0, 1, 8), finish(1), receive(0, ANY, ANY));
        // The message reaches rank 0's interface at 1 ms + o_s + L and has arrived kG later.
        long reach = 1_000_000 + model.sendOverheadNanos(8) + model.latencyNanos();
        long arrival = 1_000_000 + model.sendOverheadNanos(8) + model.wireNanos(8);
        long needed = reach - model.lookaheadNanos();
        assertEquals(List.of(new EmulatorReply.ProgressRequest(2, 0, needed)), kernel.progressRequests(),
                "rank 2 is told the least CPU that releases the grant (rank 2 > source 1 wins no tie)");
        assertTrue(grants(feed(kernel, new RankFact.Progress(2, 0, needed - 1))).isEmpty());
        assertTrue(grants(feed(kernel, new RankFact.Progress(2, 7, needed))).isEmpty(), "a stale heartbeat is ignored");
        List<EmulatorReply.Grant> grants = grants(feed(kernel, new RankFact.Progress(2, 0, needed)));
        assertEquals(1, grants.size(), "lowerBound + lookahead >= reach now holds (rank 2 > source 1 on a tie)");
        assertEquals(arrival + model.recvOverheadNanos(8), grants.get(0).virtualNanos());
        assertTrue(ranksToHearFrom(kernel).isEmpty());
        // The next fact charges its own measurement, which covers what the heartbeats saw.
        feed(kernel, new RankFact.Computed(2, needed));
        assertEquals(needed, kernel.clockOf(2));
    }

    @Test
    void specificSourceWaitsForTheInterfaceToo() {
        LogGpsModel model = Fixtures.model(3);
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        // Rank 2, still at 0, could send rank 0 a message its interface takes first, which would delay rank 1's.
        feed(kernel, new RankFact.Sent(1, 5_000_000, 0, 1, 8));
        assertTrue(grants(feed(kernel, receive(0, 1, 1))).isEmpty());
        assertEquals(Set.of(2), ranksToHearFrom(kernel));
        List<EmulatorReply.Grant> grants = grants(feed(kernel, finish(2)));
        assertEquals(1, grants.size(), "rank 2 can send nothing more");
        assertEquals(5_000_000 + model.sendOverheadNanos(8) + model.wireNanos(8) + model.recvOverheadNanos(8),
                grants.get(0).virtualNanos());
        assertTrue(ranksToHearFrom(kernel).isEmpty());
    }

    @Test
    void aRankGrantedAMomentAgoCountsWithItsWakeUpTime() {
        LogGpsModel model = Fixtures.model(3);
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        // Rank 0 -> rank 1 at ~0; rank 2 -> rank 0 after 10 ms. Rank 1 wakes early and could still send to 0.
        feed(kernel, send(0, 1, 1, 8), receive(0, ANY, ANY), receive(1, ANY, ANY));
        List<EmulatorReply.Grant> grants = grants(feed(kernel, new RankFact.Sent(2, 10_000_000, 0, 2, 8), finish(2)));
        assertEquals(List.of(1), grants.stream().map(EmulatorReply.Grant::rank).toList());
        assertEquals(Set.of(1), ranksToHearFrom(kernel));
        // Rank 1 answers rank 0 at once: its reply arrives well before rank 2's message and is taken first.
        grants = grants(feed(kernel, send(1, 0, 3, 8), finish(1)));
        assertEquals(1, grants.get(0).source());
        long expected = model.sendOverheadNanos(8) + 2 * (model.wireNanos(8) + model.recvOverheadNanos(8))
                + model.sendOverheadNanos(8);
        assertEquals(expected, grants.get(0).virtualNanos());
    }

    @Test
    void aRankThatWouldWinTheTieMustPassTheArrivalStrictly() {
        LogGpsModel model = Fixtures.model(3);
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        feed(kernel, new RankFact.Sent(2, 1_000_000, 0, 1, 8), finish(2), receive(0, ANY, ANY));
        long reach = 1_000_000 + model.sendOverheadNanos(8) + model.latencyNanos();
        long needed = reach - model.lookaheadNanos() + 1;
        assertEquals(List.of(new EmulatorReply.ProgressRequest(1, 0, needed)), kernel.progressRequests());
        assertTrue(grants(feed(kernel, new RankFact.Progress(1, 0, needed - 1))).isEmpty());
        assertEquals(1, grants(feed(kernel, new RankFact.Progress(1, 0, needed))).size());
    }

    @Test
    void aSlowerTargetCpuAsksForLessHostCpuAndAFasterOneForMore() {
        for (double ratio : new double[] {0.3, 1.0, 2.5}) {
            LogGpsModel model = Fixtures.model(3);
            VirtualTimeKernel kernel = new VirtualTimeKernel(model, new mse.emulator.model.TargetCpu(ratio));
            feed(kernel, new RankFact.Sent(1, 1_000_000, 0, 1, 8), finish(1), receive(0, ANY, ANY));
            long target = kernel.progressRequests().get(0).cpuNanos();
            assertTrue(grants(feed(kernel, new RankFact.Progress(2, 0, target - 1))).isEmpty(), "ratio " + ratio);
            assertEquals(1, grants(feed(kernel, new RankFact.Progress(2, 0, target))).size(), "ratio " + ratio);
        }
    }

    private static Set<Integer> ranksToHearFrom(VirtualTimeKernel kernel) {
        return kernel.progressRequests().stream().map(EmulatorReply.ProgressRequest::rank).collect(java.util.stream.Collectors.toSet());
    }
}
