package mse.emulator.actors;

import java.net.InetSocketAddress;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.wire.FrameCodec;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;

/** Rank connections for tests that drive the keeper with gateway events: what the keeper writes reaches a probe. */
final class ProbeConnections {

    private ProbeConnections() {
    }

    /** A connection for `rank` whose replies reach the probe, decoded. */
    static RankConnection to(int rank, TestProbe<EmulatorReply> replies) {
        return new RankConnection(rank, new InetSocketAddress("127.0.0.1", 1), false, new ReplyChannel() {
            @Override
            public boolean write(byte[] payload) {
                replies.getRef().tell(FrameCodec.decodeReply(payload));
                return true;
            }

            @Override
            public void close() {
            }
        });
    }
}
