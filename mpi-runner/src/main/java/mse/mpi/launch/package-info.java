/**
 * How ranks are started and watched: mpirun command lines (a list, never a shell string), the emulator next to
 * the job or hosted by rank 0, hosts and their preflight, the rank runtime and where every JVM logs (RunLog).
 */
package mse.mpi.launch;
