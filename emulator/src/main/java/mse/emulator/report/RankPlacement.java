package mse.emulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * summary.json's ranks[]: where a rank ran (its host as in the hostfile, and the address its connection came from),
 * how many lower bounds the kernel asked of it, its wait states (null, absent, when the run was not analysed), and the
 * wall time its program spent off the CPU between calls, blocked by itself (null, absent, where the rank did not say:
 * MSE's own Java ranks, and every cost mode but real), and the MPI errors its program went on after (null, absent,
 * when none).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RankPlacement(int rank, String host, String address, long lowerBounds, WaitStates waitStates, Double offCpuSeconds,
                            List<MpiErrorSummary> mpiErrors) {

    public RankPlacement(int rank, String host, String address, long lowerBounds) {
        this(rank, host, address, lowerBounds, null, null, null);
    }

    public RankPlacement(int rank, String host, String address, long lowerBounds, WaitStates waitStates) {
        this(rank, host, address, lowerBounds, waitStates, null, null);
    }
}
