package mse.mpi.apps.rtt;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;
import mse.mpi.comm.Request;

/**
 * The round-trip measurement of seed 001 (001_cb00b78257109af6.txt) section 2.3, Fig. 1: ranks 0 and 1
 * exchange k-byte messages, rank 0 receiving the reply with ANY_SOURCE, while the other P - 2 ranks wait in
 * a posted receive. Those idle ranks are the point: Table 1 shows the RTT growing with P although only two
 * ranks talk, because the receiver's cost of retrieving a message grows with the number of peers.
 *
 * <p>Rank 0 drives every phase of every size ({@link SizeMeasurement}); rank 1 serves what it asks for: it echoes a
 * PING, answers a TRAIN request with that many messages of the asked size sent back to back, and stops at RELEASE.
 * Rank 0 decides when a phase has measured enough, so rank 1 never needs to know the counts.
 */
public final class RttBenchmark {

    static final int PING = 1;
    static final int RELEASE = 2;
    static final int TRAIN = 3;

    private final Comm comm;
    private final RttSettings settings;

    public RttBenchmark(Comm comm, RttSettings settings) {
        this.comm = comm;
        this.settings = settings;
    }

    /** Runs this rank's part; rank 0 returns the measured points, the other ranks null. */
    public RttResult run() {
        if (comm.size() < 2) {
            throw new IllegalStateException("a round trip needs at least 2 ranks, got " + comm.size());
        }
        switch (comm.rank()) {
            case 0 -> {
                List<RttResult.Point> points = new ArrayList<>();
                warmUpTheCompiler();
                for (long size : settings.sizes()) {
                    points.add(new SizeMeasurement(comm, settings, Math.toIntExact(size)).run());
                }
                for (int rank = 1; rank < comm.size(); rank++) {
                    comm.send(new byte[1], rank, RELEASE);
                }
                return new RttResult(comm.size(), settings.warmup(), settings.roundTrips(), settings.arrivedReceives(), points);
            }
            case 1 -> {
                serve();
                return null;
            }
            default -> {
                waitAsleep(comm.irecv(0, RELEASE, 1));
                return null;
            }
        }
    }

    /**
     * An idle rank's wait for RELEASE: its receive stays posted while it tests it once a millisecond. Open MPI's
     * blocking receive polls without pause, so on a host with fewer cores than ranks the idle ranks took the talking
     * pair's cores and the RTT grew with P through the scheduler alone (over loopback on 2 cores, a fitted receive P
     * term that put the farm at P = 2 well above its measured time). On a
     * cluster, one rank to a core, both waits cost the pair nothing.
     */
    private static void waitAsleep(Request release) {
        while (!release.test()) {
            LockSupport.parkNanos(IDLE_TEST_NANOS);
        }
    }

    private static final long IDLE_TEST_NANOS = 1_000_000;

    /** The length of a train request, which the model's replay of an idle train sends too (LinkBurst). */
    public static final int TRAIN_REQUEST_BYTES = 8;

    /**
     * Round trips of one byte until HotSpot has compiled both ranks' message paths: a size's own warm-up (1,000 round
     * trips by default) is far below C2's thresholds, so the first size measured ran partly interpreted (slower than
     * the sizes after it) and pulled the fitted base up with it. Bounded
     * by a tenth of a point's budget, like a size's own warm-up.
     */
    private void warmUpTheCompiler() {
        long until = System.nanoTime() + (long) (settings.pointSeconds() * 1e8);
        byte[] one = new byte[1];
        for (int i = 0; i < COMPILER_WARM_UP && System.nanoTime() < until; i++) {
            comm.send(one, 1, PING);
            comm.recv(Comm.ANY_SOURCE, PING);
        }
    }

    /** Round trips enough for C2 (tiered compilation's last level starts at 15,000 invocations or loop iterations). */
    static final int COMPILER_WARM_UP = 30_000;

    /** Rank 0's request for a train: how many messages of how many bytes. */
    static byte[] trainRequest(int messages, int bytes) {
        return ByteBuffer.allocate(TRAIN_REQUEST_BYTES).putInt(messages).putInt(bytes).array();
    }

    private void serve() {
        while (true) {
            Message m = comm.recv(0, Comm.ANY_TAG);
            switch (m.tag()) {
                case PING -> comm.send(m.data(), 0, PING);
                case TRAIN -> {
                    ByteBuffer request = ByteBuffer.wrap(m.data());
                    int messages = request.getInt();
                    byte[] data = new byte[request.getInt()];
                    for (int i = 0; i < messages; i++) {
                        comm.send(data, 0, PING);
                    }
                }
                case RELEASE -> {
                    return;
                }
                default -> throw new IllegalStateException("rank 1 of the round-trip benchmark got tag " + m.tag());
            }
        }
    }
}
