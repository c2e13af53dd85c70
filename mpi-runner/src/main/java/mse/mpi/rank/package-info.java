/**
 * What any rank program runs on, below the programs and the launcher: the Comm its options ask for (plain,
 * reporting to MSE's emulator, or hosting it in rank 0), where every JVM logs (RunLog), and what a run is and
 * writes (RunIdentity, RunHeader, the timeline and master events files).
 */
package mse.mpi.rank;
