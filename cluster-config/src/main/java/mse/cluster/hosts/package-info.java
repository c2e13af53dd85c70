/**
 * Where ranks run: Open MPI hostfiles (read and checked against the slots a job needs) and the CPU ratio of each
 * host. Nothing here starts a process; launching is mpi-runner's.
 */
package mse.cluster.hosts;
