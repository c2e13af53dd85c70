package mse.emulator.report;

import mse.emulator.analysis.CriticalPath;

/**
 * summary.json's criticalPath: the predicted run's critical path in seconds, its four parts adding up to
 * predictedSeconds, the rank it ends on, and what bounds the run, as the report's sentence says it.
 */
public record CriticalPathSummary(double computeSeconds, double overheadSeconds, double networkSeconds, double waitSeconds,
                                  int endRank, String bound) {

    public static CriticalPathSummary of(CriticalPath path) {
        return new CriticalPathSummary(seconds(path.computeNanos()), seconds(path.overheadNanos()),
                seconds(path.networkNanos()), seconds(path.waitNanos()), path.endRank(), path.boundSentence());
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
