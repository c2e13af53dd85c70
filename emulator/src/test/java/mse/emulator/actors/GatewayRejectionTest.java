package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.EmulationAbortedException;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.FrameCodec;
import mse.emulator.wire.Hello;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Strangers and broken peers lose their own connection; a good rank on the same gateway never notices. */
@Timeout(60)
class GatewayRejectionTest {

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
    @SuppressWarnings("try") // a socket that connects and says nothing is the case under test
    void strangersAreRefusedWhileAGoodRankKeepsWorking() throws Exception {
        Live live = Live.start(testKit, 2);
        try (EmulatorLink good = live.link(0, 2)) {
            live.await(GatewayEvent.RankConnected.class);
            assertAnswers(good);

            EmulatorLink wrongToken = EmulatorLink.connect("127.0.0.1", live.gateway.port(),
                    new Hello("not-the-token", 1, 2));
            assertRejected(live, "wrong token");
            assertThrows(EmulationAbortedException.class, () -> wrongToken.ask(new RankFact.ClockQuery(1, 0)));
            wrongToken.close();
            assertAnswers(good);

            // An HTTP request reads as a 1.2 GB length prefix: refused before anything is buffered.
            try (Socket http = raw(live)) {
                http.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertRejected(live, "");
                assertClosedByPeer(http);
            }
            try (Socket garbage = raw(live)) {
                frames(garbage, new byte[] {0x42, 1, 2, 3});
                assertRejected(live, "malformed frame");
                assertClosedByPeer(garbage);
            }
            try (Socket silent = raw(live)) {
                // connects and leaves without a word
            }
            assertRejected(live, "closed before Hello");
            try (Socket otherRun = raw(live)) {
                frames(otherRun, FrameCodec.encodeHello(new Hello(live.gateway.token(), 5, 8)));
                assertRejected(live, "rank 5 says np=8 but this run has np=2");
            }
            try (Socket duplicate = raw(live)) {
                frames(duplicate, FrameCodec.encodeHello(new Hello(live.gateway.token(), 0, 2)));
                assertRejected(live, "rank 0 is already connected");
            }
            assertAnswers(good);
            good.report(new RankFact.Finished(0, 1));
            good.flush(); // a report waits for the next ask, flush or close
            RankFact last;
            do {
                last = live.awaitFact();
            } while (last instanceof RankFact.ClockQuery);
            assertEquals(new RankFact.Finished(0, 1), last);
        }
    }

    @Test
    void anAcceptedRankThatBreaksTheProtocolIsDisconnectedAlone() throws Exception {
        Live live = Live.start(testKit, 3);
        try (EmulatorLink good = live.link(0, 3)) {
            try (Socket liar = raw(live)) {
                frames(liar, FrameCodec.encodeHello(new Hello(live.gateway.token(), 1, 3)),
                        FrameCodec.encodeFact(new RankFact.Computed(2, 5)));
                GatewayEvent.RankDisconnected gone = awaitDisconnectOf(live, 1);
                assertFalse(gone.clean());
                assertTrue(gone.cause().contains("sent a fact for rank 2"), gone.cause());
            }
            try (Socket oversized = raw(live)) {
                frames(oversized, FrameCodec.encodeHello(new Hello(live.gateway.token(), 2, 3)));
                new DataOutputStream(oversized.getOutputStream()).writeInt(FrameCodec.MAX_FRAME_BYTES + 1);
                GatewayEvent.RankDisconnected gone = awaitDisconnectOf(live, 2);
                assertFalse(gone.clean());
                assertClosedByPeer(oversized);
            }
            assertAnswers(good);
        }
    }

    private static void assertAnswers(EmulatorLink good) {
        assertEquals(new EmulatorReply.Clock(0, 42), good.ask(new RankFact.ClockQuery(0, 21)));
    }

    private static void assertRejected(Live live, String reasonFragment) {
        GatewayEvent.ConnectionRejected rejected = live.await(GatewayEvent.ConnectionRejected.class);
        assertTrue(rejected.reason().contains(reasonFragment), rejected.reason());
    }

    private static GatewayEvent.RankDisconnected awaitDisconnectOf(Live live, int rank) {
        while (true) {
            GatewayEvent.RankDisconnected gone = live.await(GatewayEvent.RankDisconnected.class);
            if (gone.rank() == rank) {
                return gone;
            }
        }
    }

    private static Socket raw(Live live) throws IOException {
        return new Socket("127.0.0.1", live.gateway.port());
    }

    private static void frames(Socket socket, byte[]... payloads) throws IOException {
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        for (byte[] payload : payloads) {
            FrameCodec.writeFrame(out, payload);
        }
        out.flush();
    }

    /** The gateway closed its end: a read sees end of stream (or a reset), never a timeout. */
    private static void assertClosedByPeer(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        try {
            assertEquals(-1, in.read());
        } catch (SocketTimeoutException e) {
            throw new AssertionError("gateway left the connection open", e);
        } catch (IOException reset) {
            // a reset is a close too
        }
    }
}
