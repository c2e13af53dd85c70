package mse.emulator.analytic;

/**
 * One measured (or planned) run of a master/slave loop, seed 004 (004_30a04542370bf796.txt): the number
 * of slaves ns, the flops, the point-to-point sends and their total bytes, the broadcasts and their total
 * bytes, and the measured seconds (NaN when only a prediction is wanted).
 */
public record LoopRun(int slaves, double flops, double sends, double sendBytes, double broadcasts,
                      double broadcastBytes, double seconds) {
}
