package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.EmulationReport;
import mse.emulator.timeline.RankHosts;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When the keeper asks a computing slave for its lower bound: the master's receive of slave 1's result is held back
 * by slave 2, still computing, whose result could come first. A slave that lately computed long is asked at once; one
 * whose facts came close together only after the pause (an hour here: not during the test; a millisecond: soon).
 */
@Timeout(60)
class KeeperLowerBoundAskingTest {

    private static final ActorTestKit testKit = ActorTestKit.create();
    private static final Duration WITHIN = Duration.ofSeconds(10);

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    @Test
    void aSlaveThatLatelyComputedLongIsAskedAtOnce() throws Exception {
        TestProbe<EmulatorReply> slave2 = holdTheMastersReceiveOnSlave2(4 * LowerBoundAsking.AT_ONCE_CPU_NANOS, Duration.ofHours(1));
        EmulatorReply.ProgressRequest request = assertInstanceOf(EmulatorReply.ProgressRequest.class,
                slave2.receiveMessage(WITHIN));
        assertEquals(2, request.rank());
    }

    @Test
    void aSlaveWhoseFactsCameCloseTogetherIsNotAskedBeforeThePause() throws Exception {
        TestProbe<EmulatorReply> slave2 = holdTheMastersReceiveOnSlave2(1_000, Duration.ofHours(1));
        slave2.expectNoMessage(Duration.ofMillis(500));
    }

    @Test
    void aSlaveWhoseFactsCameCloseTogetherIsAskedOnceThePauseIsOver() throws Exception {
        TestProbe<EmulatorReply> slave2 = holdTheMastersReceiveOnSlave2(1_000, Duration.ofMillis(1));
        EmulatorReply.ProgressRequest request = assertInstanceOf(EmulatorReply.ProgressRequest.class,
                slave2.receiveMessage(WITHIN));
        assertEquals(2, request.rank());
    }

    /**
     * A farm of a master and two slaves, real task cost: slave 2 computed `slave2FirstCpuNanos` before it asked for
     * its task, slave 1 returns its result after a long task, and the master asks for a result; returns what reaches
     * slave 2's lower-bound connection from then on.
     */
    private static TestProbe<EmulatorReply> holdTheMastersReceiveOnSlave2(long slave2FirstCpuNanos, Duration pause)
            throws Exception {
        EmulationSetup setup = new EmulationSetup(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), 3),
                new TargetCpu(1.0), List.of(0), "127.0.0.1", Duration.ofSeconds(120));
        CompletableFuture<ActorRef<GatewayEvent>> eventsRef = new CompletableFuture<>();
        testKit.spawn(VirtualTimeKeeper.create(setup, new CompletableFuture<EmulationReport>(), eventsRef, new AtomicLong(),
                new RankHosts(), Optional.empty(), pause));
        ActorRef<GatewayEvent> events = eventsRef.get(10, TimeUnit.SECONDS);
        TestProbe<EmulatorReply> master = testKit.createTestProbe();
        TestProbe<EmulatorReply> slave1 = testKit.createTestProbe();
        TestProbe<EmulatorReply> slave2 = testKit.createTestProbe();
        TestProbe<EmulatorReply> slave2LowerBounds = testKit.createTestProbe();
        events.tell(new GatewayEvent.RankConnected(0, 3, ProbeConnections.to(0, master)));
        events.tell(new GatewayEvent.RankConnected(1, 3, ProbeConnections.to(1, slave1)));
        events.tell(new GatewayEvent.RankConnected(2, 3, ProbeConnections.to(2, slave2)));
        events.tell(new GatewayEvent.LowerBoundsConnected(1, ProbeConnections.to(1, testKit.createTestProbe())));
        events.tell(new GatewayEvent.LowerBoundsConnected(2, ProbeConnections.to(2, slave2LowerBounds)));
        facts(events, new RankFact.Sent(0, 0, 1, 1, 8), new RankFact.Sent(0, 0, 2, 1, 8));
        facts(events, new RankFact.Computed(2, slave2FirstCpuNanos), new RankFact.Receive(2, 0, 0, 1, true));
        facts(events, new RankFact.Receive(1, 0, 0, 1, true));
        assertInstanceOf(EmulatorReply.Grant.class, slave1.receiveMessage(WITHIN));
        assertInstanceOf(EmulatorReply.Grant.class, slave2.receiveMessage(WITHIN));
        facts(events, new RankFact.TaskDone(1, 50_000_000, 1, 50_000_000), new RankFact.Sent(1, 0, 0, 2, 8));
        facts(events, new RankFact.Receive(0, 0, RankFact.ANY, 2, true));
        master.expectNoMessage(Duration.ofMillis(100)); // held back: slave 2's result could still come first
        return slave2LowerBounds;
    }

    private static void facts(ActorRef<GatewayEvent> events, RankFact... facts) {
        events.tell(new GatewayEvent.FactsArrived(List.of(facts)));
    }
}
