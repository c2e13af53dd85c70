package mse.emulator.analytic;

import java.util.List;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.QRDecomposition;
import org.hipparchus.linear.RealVector;

/**
 * Least-squares estimate of latency l, transfer time per byte beta and time per flop alpha from measured
 * runs, seed 004 (004_30a04542370bf796.txt): "we calculate the number of flops, count the number of
 * send, receive and broadcast operations and estimate the latency, bandwidth and flop rate ... as the
 * solution of a least squares problem". The columns are scaled to unit length before Hipparchus' QR
 * solve, because flops (1e9) and sends (1e2) differ by many orders of magnitude.
 */
public final class LoopModelFit {

    /** The estimate and how well it reproduces the runs it came from. */
    public record Result(LoopModel model, double rmsSeconds, double meanRelativeError, int runs) {
    }

    private LoopModelFit() {
    }

    public static Result fit(List<LoopRun> runs, Topology topology, String source) {
        if (runs.size() < 3) {
            throw new IllegalArgumentException(source + ": need at least 3 runs to estimate l, beta and alpha, got " + runs.size());
        }
        double[][] a = new double[runs.size()][];
        double[] b = new double[runs.size()];
        for (int i = 0; i < runs.size(); i++) {
            a[i] = LoopModel.terms(runs.get(i), topology);
            b[i] = runs.get(i).seconds();
        }
        double[] scale = new double[3];
        for (int j = 0; j < 3; j++) {
            double norm = 0;
            for (double[] row : a) {
                norm += row[j] * row[j];
            }
            scale[j] = Math.sqrt(norm);
            if (scale[j] == 0) {
                throw new IllegalArgumentException(source + ": every run has zero " + List.of("messages", "bytes", "flops").get(j)
                        + "; the runs do not determine " + List.of("l", "beta", "alpha").get(j));
            }
            for (double[] row : a) {
                row[j] /= scale[j];
            }
        }
        QRDecomposition qr = new QRDecomposition(new Array2DRowRealMatrix(a, false), 1e-10);
        if (!qr.getSolver().isNonSingular()) {
            throw new IllegalArgumentException(source + ": the runs do not determine l, beta and alpha separately"
                    + " (vary flops, messages and bytes independently across runs)");
        }
        RealVector x = qr.getSolver().solve(new ArrayRealVector(b, false));
        LoopModel model = new LoopModel(x.getEntry(0) / scale[0], x.getEntry(1) / scale[1], x.getEntry(2) / scale[2], topology);
        double squares = 0;
        double relative = 0;
        for (LoopRun run : runs) {
            double error = model.predictSeconds(run) - run.seconds();
            squares += error * error;
            relative += Math.abs(error) / run.seconds();
        }
        return new Result(model, Math.sqrt(squares / runs.size()), relative / runs.size(), runs.size());
    }
}
