package mse.mpi.launch;

import mse.emulator.report.EmulationReport;
import mse.mpi.rank.RankResult;

/** What an emulated run produced: the emulator's report, rank 0's own result, the wall time it took. */
public record EmulatedRun(EmulationReport report, RankResult master, double wallSeconds, String launchedAs) {
}
