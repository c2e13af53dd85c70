/**
 * The round-trip benchmark that calibration runs under mpirun: ping-pong over message sizes and process counts,
 * whose medians the fitting in cluster-config (mse.cluster.fit) turns into a network profile.
 */
package mse.mpi.apps.rtt;
