/**
 * Fitting a network profile to measurements: the two-point o'a/o'b estimate, the size sweep that separates
 * L, G and O, and least squares (seed 004). Pure functions of the samples: no MPI, no clocks.
 */
package mse.cluster.fit;
