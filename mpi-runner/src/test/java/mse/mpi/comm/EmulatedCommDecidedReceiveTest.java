package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.TaskCost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A grant may tell the rank what its next receive of the same pattern takes (decided by the emulator already): that
 * receive then asks nothing, reports itself with everything before it at once, and takes exactly that message over
 * MPI. Any other receive, probe or poll in between makes the rank forget it.
 */
@Timeout(30)
class EmulatedCommDecidedReceiveTest {

    /** A master (rank 0 of 3) over an MPI stand-in whose receives record what they were asked for. */
    private static final class RecordingComm extends PointToPointOnlyComm {
        final List<String> received = new ArrayList<>();
        /** The sizes the emulator granted, which an MPI receive then needs no probe to learn. */
        final List<Integer> knownSizes = new ArrayList<>();

        public int rank() {
            return 0;
        }

        public int size() {
            return 3;
        }

        public void send(byte[] data, int dest, int tag) {
        }

        public Message recv(int source, int tag) {
            received.add(source + "/" + tag);
            return new Message(source, tag, new byte[source == 2 ? 16 : 8]);
        }

        @Override
        public Message recvKnown(int source, int tag, int bytes) {
            knownSizes.add(bytes);
            return recv(source, tag);
        }
    }

    @Test
    void theNextReceiveOfTheSamePatternTakesTheDecidedMessageWithoutAsking() throws Exception {
        RecordingComm mpi = new RecordingComm();
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(mpi, emulator.connect(0, 3), new TaskCost.Fixed(1_000),
                    CollectiveAlgorithm.BINOMIAL);
            Thread master = new Thread(() -> {
                comm.recv(Comm.ANY_SOURCE, 2);
                comm.send(new byte[12], 1, 1);
                comm.recv(Comm.ANY_SOURCE, 2); // decided: no question
                comm.send(new byte[12], 2, 1);
                comm.recv(Comm.ANY_SOURCE, 2); // nothing decided: asks
                comm.recv(Comm.ANY_SOURCE, 3); // another pattern: asks, and forgets what it was told
                comm.recv(Comm.ANY_SOURCE, 2); // asks
                comm.close();
            });
            master.start();
            assertEquals(new RankFact.Receive(0, 0, RankFact.ANY, 2, true), emulator.next());
            emulator.reply(new EmulatorReply.Grant(0, 1, 2, 8, 100, new EmulatorReply.Grant.Next(2, 2, 16)));
            assertEquals(new RankFact.Sent(0, 0, 1, 1, 12), emulator.next());
            assertEquals(new RankFact.Receive(0, 0, RankFact.ANY, 2, false), emulator.next(), "out at once, unasked");
            assertEquals(new RankFact.Sent(0, 0, 2, 1, 12), emulator.next());
            assertEquals(new RankFact.Receive(0, 0, RankFact.ANY, 2, true), emulator.next());
            emulator.reply(new EmulatorReply.Grant(0, 1, 2, 8, 300, new EmulatorReply.Grant.Next(2, 2, 16)));
            assertEquals(new RankFact.Receive(0, 0, RankFact.ANY, 3, true), emulator.next());
            emulator.reply(new EmulatorReply.Grant(0, 2, 3, 16, 400));
            assertEquals(new RankFact.Receive(0, 0, RankFact.ANY, 2, true), emulator.next());
            emulator.reply(new EmulatorReply.Grant(0, 1, 2, 8, 500));
            master.join();
            assertEquals(List.of(new RankFact.Finished(0, 0)), emulator.untilClosed());
            assertEquals(List.of("1/2", "2/2", "1/2", "2/3", "1/2"), mpi.received);
            assertEquals(List.of(8, 16, 8, 16, 8), mpi.knownSizes, "each receive told MPI the size it was granted");
        }
    }
}
