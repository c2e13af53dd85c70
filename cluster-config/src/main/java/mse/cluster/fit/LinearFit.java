package mse.cluster.fit;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresProblem;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.util.Pair;

/**
 * y ~ X c by least squares (Hipparchus), minimising *relative* residuals (y - Xc) / y: round-trip times
 * span decades from 1 byte to 64 KiB, and an absolute fit would let the large messages
 * decide the small-message overheads that matter most to a master/slave program.
 *
 * @param coefficients c, one per column of X
 * @param relativeRms  the root mean square of (y - Xc) / y
 */
public record LinearFit(double[] coefficients, double relativeRms) {

    /** Fits y ~ X c; every y must be > 0 and there must be at least as many rows as columns. */
    public static LinearFit of(double[][] design, double[] observed) {
        int rows = observed.length;
        int columns = design[0].length;
        if (rows < columns) {
            throw new IllegalArgumentException("need at least " + columns + " measurements to fit " + columns
                    + " parameters, got " + rows);
        }
        double[][] scaled = new double[rows][columns];
        double[] ones = new double[rows];
        for (int i = 0; i < rows; i++) {
            if (!(observed[i] > 0)) {
                throw new IllegalArgumentException("measurement " + i + " is not positive: " + observed[i]);
            }
            for (int j = 0; j < columns; j++) {
                scaled[i][j] = design[i][j] / observed[i];
            }
            ones[i] = 1.0;
        }
        RealMatrix x = new Array2DRowRealMatrix(scaled, false);
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .start(new double[columns])
                .model((RealVector c) -> new Pair<>(x.operate(c), x))
                .target(ones)
                .maxEvaluations(10_000)
                .maxIterations(10_000)
                .build();
        LeastSquaresOptimizer.Optimum optimum = new LevenbergMarquardtOptimizer().optimize(problem);
        double[] c = optimum.getPoint().toArray();
        return new LinearFit(c, optimum.getRMS());
    }

    /** The fitted value for one row of the design matrix. */
    public double predict(double... row) {
        return new ArrayRealVector(row, false).dotProduct(new ArrayRealVector(coefficients, false));
    }
}
