package mse.emulator.actors;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;

/** A gateway bound on loopback, wired to a LoopbackKernel that forwards every event to a probe. */
final class Live {

    static final Duration WAIT = Duration.ofSeconds(10);
    /** Every gateway started and not yet closed by {@link #closeAll}: a test's gateway must not outlive it. */
    private static final List<RankGateway> STARTED = new CopyOnWriteArrayList<>();

    final RankGateway gateway;
    final TestProbe<GatewayEvent> events;
    private final ArrayDeque<RankFact> pendingFacts = new ArrayDeque<>();

    private Live(RankGateway gateway, TestProbe<GatewayEvent> events) {
        this.gateway = gateway;
        this.events = events;
    }

    static Live start(ActorTestKit testKit, int np) throws Exception {
        TestProbe<GatewayEvent> events = testKit.createTestProbe(GatewayEvent.class);
        var kernel = testKit.spawn(LoopbackKernel.create(events.getRef()));
        RankGateway gateway = RankGateway.bind(testKit.system(), np, kernel).toCompletableFuture().get(10, TimeUnit.SECONDS);
        STARTED.add(gateway);
        return new Live(gateway, events);
    }

    /** Closes every gateway the tests started (closing one twice is harmless): its thread and its socket's directory. */
    static void closeAll() {
        STARTED.forEach(RankGateway::close);
        STARTED.clear();
    }

    EmulatorLink link(int rank, int np) throws IOException {
        return EmulatorLink.connect("127.0.0.1", gateway.port(), new Hello(gateway.token(), rank, np));
    }

    /** The next event of this type, skipping others. */
    <T extends GatewayEvent> T await(Class<T> type) {
        while (true) {
            GatewayEvent event = events.receiveMessage(WAIT);
            if (type.isInstance(event)) {
                return type.cast(event);
            }
        }
    }

    /** The next fact, whichever frame it came in, skipping other events. */
    RankFact awaitFact() {
        if (pendingFacts.isEmpty()) {
            pendingFacts.addAll(await(GatewayEvent.FactsArrived.class).facts());
        }
        return pendingFacts.poll();
    }

    /** Every event, grouped by rank, until `ranks` ranks have disconnected. */
    List<List<GatewayEvent>> eventsUntilDisconnected(int ranks) {
        List<List<GatewayEvent>> byRank = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            byRank.add(new ArrayList<>());
        }
        int gone = 0;
        while (gone < ranks) {
            GatewayEvent event = events.receiveMessage(WAIT);
            byRank.get(rankOf(event)).add(event);
            if (event instanceof GatewayEvent.RankDisconnected) {
                gone++;
            }
        }
        return byRank;
    }

    private static int rankOf(GatewayEvent event) {
        if (event instanceof GatewayEvent.RankConnected c) {
            return c.rank();
        } else if (event instanceof GatewayEvent.FactsArrived f) {
            return f.facts().get(0).rank();
        } else if (event instanceof GatewayEvent.RankDisconnected d) {
            return d.rank();
        }
        throw new AssertionError("unexpected " + event);
    }
}
