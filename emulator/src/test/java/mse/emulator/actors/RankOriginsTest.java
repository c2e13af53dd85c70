package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.RankOrigin;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** ranks[].address tells the two transports apart: a rank over the local socket says so, a TCP rank gives its address. */
@Timeout(60)
class RankOriginsTest {

    @Test
    void aLocalSocketRankIsNamedSoAndATcpRankByItsAddressBothOnTheEmulatorsHost() throws Exception {
        try (EmulationSession session = EmulationSession.start(new EmulationSetup(
                new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), 2), new TargetCpu(1.0), List.of(0), "127.0.0.1",
                Duration.ofSeconds(20)))) {
            CompletableFuture<Void> slave = CompletableFuture.runAsync(() -> {
                try (EmulatorLink tcp = EmulatorLink.connect(session.tcpEndpoint(), new Hello(session.token(), 1, 2))) {
                    tcp.report(new RankFact.Sent(1, 0, 0, 2, 8));
                    tcp.report(new RankFact.Finished(1, 0));
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            try (EmulatorLink local = EmulatorLink.connect(session.localEndpoint(), new Hello(session.token(), 0, 2))) {
                assertEquals(1, ((EmulatorReply.Grant) local.ask(new RankFact.Receive(0, 0, RankFact.ANY, 2, true))).source());
                local.report(new RankFact.Finished(0, 0));
            }
            slave.get(10, TimeUnit.SECONDS);
            assertEquals(List.of(new RankOrigin("127.0.0.1", RankOrigin.LOCAL_SOCKET), new RankOrigin("127.0.0.1", "127.0.0.1")),
                    session.report().get(10, TimeUnit.SECONDS).rankOrigins());
        }
    }
}
