package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import mse.emulator.partial.Bootstrap;
import mse.emulator.partial.ErrorInterval;
import mse.mpi.apps.sampled.TaskCostEstimate;

/**
 * predict's summary.json predictor: how the task costs were obtained, either a trace replayed (method "trace", the
 * file and which of its costs) or partial execution (seed 000, 000_779708a527b9c658.txt: its sample, the bootstrap's
 * Table 2 rows, the interval used and the time of each phase, Table 1), and the wall time of every phase. What a
 * method does not have is null and absent from the file.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Predictor(String method, String trace, String traceCosts, String order, Integer sampleSize, Integer tasksExecuted,
                        Integer bootstrapResamples, Double bootstrapAlphaPercent, List<ErrorRow> bootstrap, ErrorRow interval,
                        Double partialExecutionSeconds, Double bootstrapSeconds, Double interpolationSeconds,
                        Double targetErrorPercent, Phases phaseSeconds) {

    /** One row of seed 000's Table 2 (keys in this order). */
    public record ErrorRow(int n, double minPercent, double maxPercent) {
        static ErrorRow of(ErrorInterval interval) {
            return new ErrorRow(interval.n(), interval.minPercent(), interval.maxPercent());
        }
    }

    /** Wall-clock seconds of each phase of the prediction (never virtual time). */
    public record Phases(double partialExecution, double bootstrap, double interpolation, double simulation, double total) {}

    public static Predictor trace(String file, String costs) {
        return new Predictor("trace", file, costs, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** Partial execution with this task order; targetErrorPercent null unless --target-error chose n. */
    public static Predictor partialExecution(TaskCostEstimate e, String order, Double targetErrorPercent) {
        return new Predictor("partial-execution", null, null, order, e.sampleSize(), e.executed(), Bootstrap.RESAMPLES,
                Bootstrap.ALPHA_PERCENT, e.bootstrap().stream().map(ErrorRow::of).toList(), ErrorRow.of(e.interval()),
                e.partialSeconds(), e.bootstrapSeconds(), e.interpolationSeconds(), targetErrorPercent, null);
    }

    /** This predictor with its phases timed: the simulations took `simulation` seconds, everything `total`. */
    public Predictor timed(double simulation, double total) {
        return new Predictor(method, trace, traceCosts, order, sampleSize, tasksExecuted, bootstrapResamples, bootstrapAlphaPercent,
                bootstrap, interval, partialExecutionSeconds, bootstrapSeconds, interpolationSeconds, targetErrorPercent,
                new Phases(orZero(partialExecutionSeconds), orZero(bootstrapSeconds), orZero(interpolationSeconds), simulation, total));
    }

    private static double orZero(Double seconds) {
        return seconds == null ? 0.0 : seconds;
    }
}
