/**
 * The master/slave farms of seed 001: single master (SI), multiple masters (ML) and dynamic masters (DY), over
 * any Workload. Live code on Comm; the simulator replays the same task order and message sizes.
 */
package mse.mpi.apps.farm;
