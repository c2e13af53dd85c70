/**
 * The programs mpirun starts: RankMain runs one rank of a master/slave program with the options of its app and
 * strategy. Programs talk only through mse.mpi.comm.Comm, so the same code runs over MPI, emulated or in one JVM.
 */
package mse.mpi.apps;
