/**
 * Closed-form estimators: the parametric estimation of seed 003 and the least-squares loop model of seed 004
 * (runs.csv in, l, beta and alpha out). Plain Java with no Pekko and no clocks.
 */
package mse.emulator.analytic;
