/**
 * How ranks are started and watched: mpirun command lines (a list, never a shell string), the emulator next to
 * the job, hosts and their preflight. It starts the programs of mse.mpi.apps on the runtime of mse.mpi.rank.
 */
package mse.mpi.launch;
