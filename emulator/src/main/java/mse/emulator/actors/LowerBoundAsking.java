package mse.emulator.actors;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;

/**
 * When the keeper asks a computing rank for its lower bound (a ProgressRequest): at once for a rank that lately
 * computed long between two of its facts, and otherwise only once a grant has been held back for {@link #PAUSE}.
 *
 * <p>A request costs a frame to the rank, a wake-up of its link's reader and usually a frame back, tens of
 * microseconds of CPU on each side where the cores are shared, and it only pays when its answer comes well before
 * the rank's next fact would: a rank whose facts come close together says its next one first. Measured on the
 * 2-core machine (11-27, `emulate --np 4 --task-points 1`, three interleaved pairs), asking no rank at all used 2.4-2.7 s
 * less CPU of 25-28 s. A rank whose computation turns out long after short ones is still asked, after the pause, so
 * a long task overlaps with the others' as before; virtual time does not depend on when a rank is asked, only on
 * the facts (a Progress only lets a grant pass sooner in wall time).
 */
final class LowerBoundAsking {

    /** Computing this long between two facts, lately, gets a rank asked at once. */
    static final long AT_ONCE_CPU_NANOS = 500_000;
    /** How long a grant waits on a rank with short intervals before it is asked anyway (the scheduler rounds it up). */
    static final Duration PAUSE = Duration.ofMillis(5);

    private static final long NOT_ASKED = Long.MAX_VALUE;

    /** Per rank, its longest recent interval between facts: the longest so far, an eighth less after each fact. */
    private final long[] recentCpuNanos;
    /** Per rank, the CPU target of the ProgressRequest it has not answered yet (NOT_ASKED when none). */
    private final long[] askedCpuNanos;

    LowerBoundAsking(int np) {
        this.recentCpuNanos = new long[np];
        this.askedCpuNanos = new long[np];
        Arrays.fill(askedCpuNanos, NOT_ASKED);
    }

    void observe(RankFact fact) {
        askedCpuNanos[fact.rank()] = NOT_ASKED; // any fact, a Progress included, answers the open request
        long recent = recentCpuNanos[fact.rank()];
        recentCpuNanos[fact.rank()] = Math.max(fact.cpuNanos(), recent - recent / 8);
    }

    boolean asksAtOnce(int rank) {
        return recentCpuNanos[rank] >= AT_ONCE_CPU_NANOS;
    }

    /**
     * Asks each rank holding a grant back for its lower bound, unless it already has a request as low, on the
     * rank's lower-bound connection: at once where {@link #asksAtOnce} says so or when `pauseOver`, else not yet.
     * A request that cannot be written, or a rank without that connection (yet), is harmless: the rank's next fact
     * answers it. True when a request was held back, to be asked once the pause is over.
     */
    boolean ask(List<EmulatorReply.ProgressRequest> requests, RankConnections connections, boolean pauseOver) {
        boolean held = false;
        for (EmulatorReply.ProgressRequest request : requests) {
            int rank = request.rank();
            RankConnection channel = connections.lowerBoundsOf(rank);
            if (request.cpuNanos() >= askedCpuNanos[rank] || channel == null) {
                continue;
            }
            if (pauseOver || asksAtOnce(rank)) {
                askedCpuNanos[rank] = request.cpuNanos();
                channel.send(request);
            } else {
                held = true;
            }
        }
        return held;
    }
}
