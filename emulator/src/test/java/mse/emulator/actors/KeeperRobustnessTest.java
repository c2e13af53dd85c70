package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
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
 * The keeper driven directly with gateway events: whatever goes wrong inside it, the run ends at once with
 * the reason (never at the launcher's timeout), and a rank it cannot answer is named.
 */
@Timeout(60)
class KeeperRobustnessTest {

    /** Far longer than any answer here takes: a run still open then would have waited for a timeout. */
    private static final long ENDS_WITHIN_SECONDS = 10;
    static final ActorTestKit testKit = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    private record Keeper(ActorRef<GatewayEvent> events, CompletableFuture<EmulationReport> result) {
        void fact(RankFact fact) {
            events.tell(new GatewayEvent.FactsArrived(List.of(fact)));
        }

        String failure() throws Exception {
            ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> result.get(ENDS_WITHIN_SECONDS, TimeUnit.SECONDS));
            assertInstanceOf(EmulationFailedException.class, e.getCause());
            return e.getCause().getMessage();
        }
    }

    private static Keeper keeper(int np) throws Exception {
        EmulationSetup setup = new EmulationSetup(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), np),
                new TargetCpu(1.0), List.of(0), "127.0.0.1", Duration.ofSeconds(120));
        CompletableFuture<EmulationReport> result = new CompletableFuture<>();
        CompletableFuture<ActorRef<GatewayEvent>> events = new CompletableFuture<>();
        testKit.spawn(VirtualTimeKeeper.create(setup, result, events, new AtomicLong(), new RankHosts(), Optional.empty()));
        return new Keeper(events.get(10, TimeUnit.SECONDS), result);
    }

    /** A connection that can no longer be written: the rank is gone, or its buffer is full. */
    private static RankConnection deadConnection(int rank) {
        return new RankConnection(rank, new InetSocketAddress("127.0.0.1", 1), false, new ReplyChannel() {
            @Override
            public boolean write(byte[] payload) {
                return false;
            }

            @Override
            public void close() {
            }
        });
    }

    @Test
    void aGrantThatCannotBeWrittenEndsTheRunNamingTheRank() throws Exception {
        Keeper keeper = keeper(2);
        TestProbe<EmulatorReply> rank0 = testKit.createTestProbe();
        keeper.events().tell(new GatewayEvent.RankConnected(0, 2, ProbeConnections.to(0, rank0)));
        keeper.events().tell(new GatewayEvent.RankConnected(1, 2, deadConnection(1)));
        keeper.fact(new RankFact.Sent(0, 0, 1, 3, 8));
        keeper.fact(new RankFact.Receive(1, 0, 0, 3, true));
        String reason = keeper.failure();
        assertTrue(reason.contains("rank 1"), reason);
        assertInstanceOf(EmulatorReply.Abort.class, rank0.receiveMessage(Duration.ofSeconds(ENDS_WITHIN_SECONDS)),
                "the other ranks are told");
    }

    @Test
    void anExceptionInsideTheKeeperEndsTheRunWithItsReason() throws Exception {
        Keeper keeper = keeper(2);
        TestProbe<EmulatorReply> replies = testKit.createTestProbe();
        // Rank 0's events carry rank 1's connection: the keeper's answer to rank 0 throws on misrouting.
        keeper.events().tell(new GatewayEvent.RankConnected(0, 2, ProbeConnections.to(1, replies)));
        keeper.fact(new RankFact.ClockQuery(0, 0));
        String reason = keeper.failure();
        assertTrue(reason.contains("sent on the connection of rank 1"), reason);
    }

    @Test
    void aRankThatConnectsAfterTheRunEndedIsToldWhy() throws Exception {
        Keeper keeper = keeper(2);
        keeper.events().tell(new GatewayEvent.RankConnected(1, 2, deadConnection(1)));
        keeper.fact(new RankFact.Failed(1, "OutOfMemoryError"));
        keeper.failure();
        TestProbe<EmulatorReply> late = testKit.createTestProbe();
        keeper.events().tell(new GatewayEvent.RankConnected(0, 2, ProbeConnections.to(0, late)));
        EmulatorReply.Abort abort = assertInstanceOf(EmulatorReply.Abort.class,
                late.receiveMessage(Duration.ofSeconds(ENDS_WITHIN_SECONDS)));
        assertEquals(0, abort.rank());
        assertTrue(abort.reason().contains("OutOfMemoryError"), abort.reason());
    }
}
