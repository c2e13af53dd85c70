package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.EmulationReport;
import mse.emulator.wire.EmulationAbortedException;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.FrameCodec;
import mse.emulator.wire.Hello;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Connections that are not part of the run, and a run ended from outside, over real sockets. */
@Timeout(60)
class SessionRobustnessTest {

    /** Far longer than any answer here takes; the connect timeout below is longer still. */
    private static final long WITHIN_SECONDS = 10;

    private static EmulationSession start(int np) {
        return EmulationSession.start(new EmulationSetup(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), np),
                new TargetCpu(1.0), List.of(0), "127.0.0.1", Duration.ofSeconds(120)));
    }

    @Test
    void aRankNumberOutsideTheRunIsRefusedAndTheRunGoesOn() throws Exception {
        try (EmulationSession session = start(2)) {
            try (Socket stranger = raw(session, new Hello(session.token(), 5, 8),
                    new RankFact.Receive(5, 0, RankFact.ANY, 1, true))) {
                assertClosedByPeer(stranger);
            }
            assertCompletes(session);
        }
    }

    @Test
    void aConnectionWithAnotherNpNeverSpeaksForItsRank() throws Exception {
        try (EmulationSession session = start(2)) {
            try (Socket otherRun = raw(session, new Hello(session.token(), 1, 3), new RankFact.Finished(1, 0))) {
                assertClosedByPeer(otherRun);
            }
            assertCompletes(session);
        }
    }

    @Test
    void abortFromOutsideTellsTheConnectedRanksWhy() throws Exception {
        try (EmulationSession session = start(2); KeeperLog rankZeroTaken = new KeeperLog("rank 0 connected")) {
            CompletableFuture<String> told = CompletableFuture.supplyAsync(() -> {
                try (EmulatorLink link = link(session, 0)) {
                    link.ask(new RankFact.Receive(0, 0, RankFact.ANY, 1, true));
                    return "granted";
                } catch (EmulationAbortedException e) {
                    return e.reason();
                } catch (IOException e) {
                    return e.toString();
                }
            });
            // The keeper took rank 0's connection before the abort: it is told as a connected rank (a rank that
            // connected after the abort would be told too, on connecting, and hide a keeper that forgot the others).
            assertTrue(rankZeroTaken.await(WITHIN_SECONDS), "rank 0 connected");
            session.abort("mpirun ended: the job died");
            String reason = told.get(WITHIN_SECONDS, TimeUnit.SECONDS);
            assertTrue(reason.contains("the job died"), reason);
            assertThrows(Exception.class, () -> session.report().get(WITHIN_SECONDS, TimeUnit.SECONDS));
        }
    }

    /** Ranks 0 and 1 of the real run: one message, both finish, the report comes. */
    private static void assertCompletes(EmulationSession session) throws Exception {
        CompletableFuture<Void> slave = CompletableFuture.runAsync(() -> {
            try (EmulatorLink link = link(session, 1)) {
                link.report(new RankFact.Sent(1, 0, 0, 2, 8));
                link.report(new RankFact.Finished(1, 0));
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        try (EmulatorLink link = link(session, 0)) {
            assertEquals(1, ((EmulatorReply.Grant) link.ask(new RankFact.Receive(0, 0, RankFact.ANY, 2, true))).source());
            link.report(new RankFact.Finished(0, 0));
        }
        slave.get(WITHIN_SECONDS, TimeUnit.SECONDS);
        session.report().get(WITHIN_SECONDS, TimeUnit.SECONDS);
    }

    private static EmulatorLink link(EmulationSession session, int rank) throws IOException {
        return EmulatorLink.connect("127.0.0.1", session.address().getPort(), new Hello(session.token(), rank, 2));
    }

    private static Socket raw(EmulationSession session, Hello hello, RankFact... facts) throws IOException {
        Socket socket = new Socket("127.0.0.1", session.address().getPort());
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        FrameCodec.writeFrame(out, FrameCodec.encodeHello(hello));
        try {
            for (RankFact fact : facts) {
                FrameCodec.writeFrame(out, FrameCodec.encodeFact(fact));
            }
            out.flush();
        } catch (java.net.SocketException refusedAlready) {
            // The gateway may close a refused connection before its facts are written (broken pipe, reset): that is
            // the refusal itself, which assertClosedByPeer then checks.
        }
        return socket;
    }

    /** The emulator closed this connection: a read sees end of stream or a reset, never a timeout. */
    private static void assertClosedByPeer(Socket socket) throws IOException {
        socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WITHIN_SECONDS));
        try {
            while (socket.getInputStream().read() != -1) {
                // an Abort frame may come first
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the emulator left the connection open", e);
        } catch (IOException reset) {
            // closed hard: closed all the same
        }
    }
}
