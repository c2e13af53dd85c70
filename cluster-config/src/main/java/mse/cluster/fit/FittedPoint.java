package mse.cluster.fit;

/** One measured round trip next to what the fitted profile says it should be. */
public record FittedPoint(int processes, long bytes, double measuredRttMicros, double fittedRttMicros) {

    /** (fitted - measured) / measured, in percent. */
    public double residualPercent() {
        return 100.0 * (fittedRttMicros - measuredRttMicros) / measuredRttMicros;
    }
}
