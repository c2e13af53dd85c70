package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.FrameCodec;
import mse.emulator.wire.Hello;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A wait over more distinct patterns than one frame holds (docs/wire-protocol.md, PATTERNS), over real sockets: the
 * rank's link sends the first patterns ahead, the gateway joins them to their PROBE_ANY, and the grant names the
 * message that matches the very last pattern.
 */
@Timeout(60)
class SplitProbeAnyTest {

    @Test
    void aWaitOverTwentyThousandPatternsIsGrantedItsLastOne() throws Exception {
        int np = 2;
        try (EmulationSession session = EmulationSession.start(new EmulationSetup(
                new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), np), new TargetCpu(1.0), List.of(0),
                "127.0.0.1", Duration.ofSeconds(120)))) {
            List<MessagePattern> patterns = new ArrayList<>();
            for (int tag = 0; tag < 20_000; tag++) {
                patterns.add(new MessagePattern(1, tag));
            }
            CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
                try (EmulatorLink link = link(session, 1)) {
                    link.report(new RankFact.Sent(1, 0, 0, 19_999, 8));
                    link.report(new RankFact.Finished(1, 0));
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            try (EmulatorLink link = link(session, 0)) {
                EmulatorReply.Grant grant = (EmulatorReply.Grant) link.ask(new RankFact.ProbeAny(0, 0, patterns, false));
                assertEquals(List.of(1, 19_999, 8), List.of(grant.source(), grant.tag(), grant.bytes()));
                // 12 bytes a pattern since patterns carry their context: three PATTERNS frames before the PROBE_ANY
                assertEquals(4, FrameCodec.encodeFactParts(new RankFact.ProbeAny(0, 0, patterns, false)).size(),
                        "three PATTERNS went ahead");
                link.ask(new RankFact.Receive(0, 0, 1, 19_999, true));
                link.report(new RankFact.Finished(0, 0));
            }
            sender.get(10, TimeUnit.SECONDS);
            session.report().get(10, TimeUnit.SECONDS);
        }
    }

    private static EmulatorLink link(EmulationSession session, int rank) throws IOException {
        return EmulatorLink.connect("127.0.0.1", session.address().getPort(), new Hello(session.token(), rank, 2));
    }
}
