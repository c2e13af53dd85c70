/**
 * Comm, the only way programs communicate: MpiComm (Open MPI Java), EmulatedComm (reports timing facts to the
 * emulator and waits for its grants) and LocalComm (ranks as threads of one JVM). All MPI use stays behind Comm.
 */
package mse.mpi.comm;
