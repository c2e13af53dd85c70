/**
 * Partial execution of a workload for predict (seed 000): runs the sampled tasks on this machine and estimates
 * the rest with emulator.partial. Measures thread CPU time, never virtual time. (Named for what it runs, the sampled
 * tasks, so that the emulator's `partial`, the estimation, is the only package of that name.)
 */
package mse.mpi.apps.sampled;
