package mse.mpi.rank;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What a plain run's measured time is, in summary.json of `run` and `validate`: rank 0's two MPI_Wtime reads
 * around its farm (RankMain.runRank), so the span leaves out what comes before and after them, whether the strategy's
 * rehearsal ran before it, and of how many measured runs the fastest was taken.
 *
 * @param leavesOut what the span does not include, in the order it happens
 * @param rehearsal {@link #REHEARSAL_DONE}, {@link #REHEARSAL_SKIPPED} or {@link #REHEARSAL_NONE}; absent where each
 *                  point says its own (validate)
 * @param fastestOf the measured runs the figure is the fastest of (1 for `run`)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MeasuredSpan(List<String> leavesOut, String rehearsal, int fastestOf) {

    /** The strategy's farm ran over its first tasks before the span, so the span measures compiled loops. */
    public static final String REHEARSAL_DONE = "done";
    /**
     * Skipped: a host ran more of the job's ranks than it has cores (Open MPI's local size), where spinning ranks made
     * a rehearsal cost seconds; the span then includes the JIT compiling the farm's loops. Emulated runs skip it too.
     */
    public static final String REHEARSAL_SKIPPED = "skipped";
    /** The strategy has none (DY, whose masters split and merge). */
    public static final String REHEARSAL_NONE = "none";

    /** Before the span, on every rank (Comm.warmUp, FarmWarmUp), then after it on rank 0. */
    public static final List<String> LEFT_OUT = List.of("start-up: mpirun, the JVMs, MPI_Init",
            "warm-up: the farm's hot paths until two rounds cost the same", "the message path's warm-up",
            "rehearsal: the farm over its first tasks, where done", "the wait for the JIT to go idle (at most 200 ms)",
            "the barrier that starts every rank together", "after the farm: the checksum, result files and MPI_Finalize");

    public MeasuredSpan {
        leavesOut = List.copyOf(leavesOut);
    }

    public static MeasuredSpan of(String rehearsal, int fastestOf) {
        return new MeasuredSpan(LEFT_OUT, rehearsal, fastestOf);
    }
}
