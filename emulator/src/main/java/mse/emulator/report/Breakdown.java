package mse.emulator.report;

/** summary.json's breakdown: the (first) master's, under the key "master". */
public record Breakdown(RankBreakdown master) {
}
