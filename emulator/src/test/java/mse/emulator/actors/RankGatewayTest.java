package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.EmulationAbortedException;
import mse.emulator.wire.EmulatorEndpoint;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A live gateway on loopback with EmulatorLink clients in threads of this JVM. */
@Timeout(60)
class RankGatewayTest {

    static final ActorTestKit testKit = ActorTestKit.create();

    @AfterEach
    void closeGateways() {
        Live.closeAll();
    }

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    @Test
    void factsOfEachRankArriveInOrderEvenFromTwoThreads() throws Exception {
        Live live = Live.start(testKit, 3);
        int perThread = 300;
        List<CompletableFuture<Void>> ranks = new ArrayList<>();
        for (int rank = 0; rank < 3; rank++) {
            int r = rank;
            ranks.add(CompletableFuture.runAsync(() -> {
                try (EmulatorLink link = live.link(r, 3)) {
                    // A heartbeat thread reports Progress while the main thread reports Computed.
                    Thread heartbeat = new Thread(() -> {
                        for (int i = 0; i < perThread; i++) {
                            link.report(new RankFact.Progress(r, i, i));
                        }
                    });
                    heartbeat.start();
                    for (int i = 0; i < perThread; i++) {
                        link.report(new RankFact.Computed(r, i));
                    }
                    join(heartbeat);
                    link.report(new RankFact.Finished(r, 7));
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }));
        }
        CompletableFuture.allOf(ranks.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);

        List<List<GatewayEvent>> byRank = live.eventsUntilDisconnected(3);
        for (int rank = 0; rank < 3; rank++) {
            List<GatewayEvent> events = byRank.get(rank);
            assertInstanceOf(GatewayEvent.RankConnected.class, events.get(0));
            assertEquals(new GatewayEvent.RankDisconnected(rank, true, "connection closed"), events.get(events.size() - 1));
            List<RankFact> facts = new ArrayList<>();
            events.subList(1, events.size() - 1).forEach(e -> facts.addAll(((GatewayEvent.FactsArrived) e).facts()));
            assertEquals(new RankFact.Finished(rank, 7), facts.remove(facts.size() - 1));
            List<Long> computed = new ArrayList<>();
            List<Long> progress = new ArrayList<>();
            for (RankFact fact : facts) {
                (fact instanceof RankFact.Computed ? computed : progress).add(cpuNanos(fact));
            }
            assertEquals(sequence(perThread), computed, "Computed of rank " + rank);
            assertEquals(sequence(perThread), progress, "Progress of rank " + rank);
        }
    }

    @Test
    void eachAskGetsItsOwnRanksAnswer() throws Exception {
        Live live = Live.start(testKit, 3);
        List<CompletableFuture<Void>> ranks = new ArrayList<>();
        for (int rank = 0; rank < 3; rank++) {
            int r = rank;
            ranks.add(CompletableFuture.runAsync(() -> {
                try (EmulatorLink link = live.link(r, 3)) {
                    for (int i = 0; i < 200; i++) {
                        EmulatorReply.Grant grant = (EmulatorReply.Grant) link.ask(
                                new RankFact.Receive(r, i, RankFact.ANY, 1_000 + i, true));
                        assertEquals(new EmulatorReply.Grant(r, 10 * r + 1, 1_000 + i, r, i), grant);
                        link.report(new RankFact.Computed(r, 1));
                        assertEquals(new EmulatorReply.Clock(r, 2L * i), link.ask(new RankFact.ClockQuery(r, i)));
                    }
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }));
        }
        CompletableFuture.allOf(ranks.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    }

    @Test
    void abortMakesThePendingAndLaterCallsThrow() throws Exception {
        Live live = Live.start(testKit, 2);
        EmulatorLink link = live.link(0, 2);
        RankConnection connection = live.await(GatewayEvent.RankConnected.class).connection();
        CompletableFuture<EmulatorReply> pending = CompletableFuture.supplyAsync(
                () -> link.ask(new RankFact.Receive(0, 5, RankFact.ANY, LoopbackKernel.HOLD_TAG, true)));
        live.awaitFact(); // the ask is now waiting for its grant

        connection.abort("deadlock: rank 0 waits on (ANY, 99)");

        ExecutionException failed = assertThrows(ExecutionException.class, () -> pending.get(10, TimeUnit.SECONDS));
        EmulationAbortedException aborted = assertInstanceOf(EmulationAbortedException.class, failed.getCause());
        assertEquals("deadlock: rank 0 waits on (ANY, 99)", aborted.reason());
        EmulationAbortedException later = assertThrows(EmulationAbortedException.class,
                () -> link.report(new RankFact.Computed(0, 1)));
        assertEquals(aborted.reason(), later.reason());
        assertThrows(EmulationAbortedException.class, () -> link.ask(new RankFact.ClockQuery(0, 1)));
        assertTrue(live.await(GatewayEvent.RankDisconnected.class).clean());
        link.close();
    }

    @Test
    void progressRequestIsAnsweredOnceTheCpuReachesItsTarget() throws Exception {
        Live live = Live.start(testKit, 2);
        try (EmulatorLink link = live.link(1, 2)) {
            java.util.concurrent.atomic.AtomicLong cpu = new java.util.concurrent.atomic.AtomicLong(1_000);
            live.await(GatewayEvent.RankConnected.class);
            link.measureCpuWith(cpu::get);
            RankConnection lowerBounds = live.await(GatewayEvent.LowerBoundsConnected.class).connection();
            link.report(new RankFact.Computed(1, 5));
            link.flush();
            assertEquals(new RankFact.Computed(1, 5), live.awaitFact());
            assertTrue(lowerBounds.send(new EmulatorReply.ProgressRequest(1, 1, 4_242L)));
            Thread.sleep(50);
            cpu.set(4_300);
            assertEquals(new RankFact.Progress(1, 1, 4_300L), live.awaitFact(), "answered on the facts connection");
            assertThrows(IllegalArgumentException.class, () -> lowerBounds.send(new EmulatorReply.Clock(0, 1)));
        }
    }

    @Test
    void aProgressRequestThatCrossedAFactOnlyFlushesIt() throws Exception {
        Live live = Live.start(testKit, 2);
        try (EmulatorLink link = live.link(0, 2)) {
            live.await(GatewayEvent.RankConnected.class);
            link.measureCpuWith(() -> 1_000_000L);
            RankConnection lowerBounds = live.await(GatewayEvent.LowerBoundsConnected.class).connection();
            link.report(new RankFact.Sent(0, 7, 1, 3, 8)); // waits in the link: the kernel has seen 0 facts
            assertTrue(lowerBounds.send(new EmulatorReply.ProgressRequest(0, 0, 10L)));
            assertEquals(new RankFact.Sent(0, 7, 1, 3, 8), live.awaitFact(), "the request made the link send it");
            link.report(new RankFact.Finished(0, 1));
            link.flush();
            assertEquals(new RankFact.Finished(0, 1), live.awaitFact(), "and no Progress came between");
        }
    }

    @Test
    void emulatorClosingTheConnectionEndsTheRank() throws Exception {
        Live live = Live.start(testKit, 1);
        EmulatorLink link = live.link(0, 1);
        live.await(GatewayEvent.RankConnected.class).connection().close();
        EmulationAbortedException lost = assertThrows(EmulationAbortedException.class,
                () -> link.ask(new RankFact.ClockQuery(0, 1)));
        assertTrue(lost.reason().contains("127.0.0.1:" + live.gateway.port()), lost.reason());
        link.close();
    }

    @Test
    void aRankOnThisMachineTalksOverTheLocalSocketAndCountsAsLoopback() throws Exception {
        Live live = Live.start(testKit, 2);
        EmulatorEndpoint local = live.gateway.localEndpoint();
        Path socket = ((UnixDomainSocketAddress) local.address()).getPath();
        assertTrue(Files.exists(socket), socket.toString());
        try (EmulatorLink overSocket = EmulatorLink.connect(local, new Hello(live.gateway.token(), 0, 2));
             EmulatorLink overTcp = live.link(1, 2)) {
            List<InetSocketAddress> remotes = List.of(live.await(GatewayEvent.RankConnected.class).connection().remote(),
                    live.await(GatewayEvent.RankConnected.class).connection().remote());
            remotes.forEach(remote -> assertTrue(remote.getAddress().isLoopbackAddress(), remote.toString()));
            for (int i = 0; i < 50; i++) {
                assertEquals(new EmulatorReply.Grant(0, 1, 1_000 + i, 0, i),
                        overSocket.ask(new RankFact.Receive(0, i, RankFact.ANY, 1_000 + i, true)));
                assertEquals(new EmulatorReply.Grant(1, 11, 1_000 + i, 1, i),
                        overTcp.ask(new RankFact.Receive(1, i, RankFact.ANY, 1_000 + i, true)));
            }
        }
        live.gateway.close();
        assertFalse(Files.exists(socket), "the socket file outlived its gateway");
        assertFalse(Files.exists(socket.getParent()), "the socket's private directory outlived its gateway");
    }

    @Test
    void aRankWithAWrongTokenIsRefusedOnTheLocalSocketToo() throws Exception {
        Live live = Live.start(testKit, 1);
        try (EmulatorLink stranger = EmulatorLink.connect(live.gateway.localEndpoint(), new Hello("not the token", 0, 1))) {
            GatewayEvent.ConnectionRejected rejected = live.await(GatewayEvent.ConnectionRejected.class);
            assertTrue(rejected.reason().contains("token"), rejected.reason());
            assertThrows(EmulationAbortedException.class, () -> stranger.ask(new RankFact.ClockQuery(0, 1)));
        }
        live.gateway.close();
    }

    @Test
    void connectingToAClosedPortFailsFastNamingTheAddress() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        ConnectException e = assertThrows(ConnectException.class,
                () -> EmulatorLink.connect("127.0.0.1", port, new Hello("token", 0, 1)));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    private static long cpuNanos(RankFact fact) {
        return fact instanceof RankFact.Computed c ? c.cpuNanos() : ((RankFact.Progress) fact).cpuNanos();
    }

    private static List<Long> sequence(int n) {
        List<Long> values = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            values.add(i);
        }
        return values;
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
