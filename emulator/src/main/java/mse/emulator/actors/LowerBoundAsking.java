package mse.emulator.actors;

import java.time.Duration;
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

    /** Per rank, its longest recent interval between facts: the longest so far, an eighth less after each fact. */
    private final long[] recentCpuNanos;

    LowerBoundAsking(int np) {
        this.recentCpuNanos = new long[np];
    }

    void observe(RankFact fact) {
        long recent = recentCpuNanos[fact.rank()];
        recentCpuNanos[fact.rank()] = Math.max(fact.cpuNanos(), recent - recent / 8);
    }

    boolean asksAtOnce(int rank) {
        return recentCpuNanos[rank] >= AT_ONCE_CPU_NANOS;
    }
}
