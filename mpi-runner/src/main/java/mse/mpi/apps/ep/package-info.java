/**
 * EP, a compute-heavy task farm after NAS EP: Gaussian pairs counted in annuli, each task seeded from its own
 * number so the result does not depend on which slave ran it.
 */
package mse.mpi.apps.ep;
