/**
 * Partial execution of a workload for predict (seed 000): runs the sampled tasks on this machine and estimates
 * the rest with emulator.partial. Measures thread CPU time, never virtual time.
 */
package mse.mpi.apps.partial;
