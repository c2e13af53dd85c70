package mse.emulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * summary.json's ranks[]: where a rank ran (its host as in the hostfile, and the address its connection came from),
 * how many lower bounds the kernel asked of it, and its wait states (null, absent, when the run was not analysed).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RankPlacement(int rank, String host, String address, long lowerBounds, WaitStates waitStates) {

    public RankPlacement(int rank, String host, String address, long lowerBounds) {
        this(rank, host, address, lowerBounds, null);
    }
}
