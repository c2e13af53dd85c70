/**
 * MASE, the Mandelbrot set explorer of the papers: image, region and iteration limit, tasks as blocks of points,
 * and the master's image checked against the sequential computation by its SHA-256.
 */
package mse.mpi.apps.mase;
