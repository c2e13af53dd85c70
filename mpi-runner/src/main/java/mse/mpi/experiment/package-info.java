/**
 * What the commands orchestrate, below the command line: the points of a sweep or a predicted sweep (SweepPlan,
 * EmulatedPoint), resuming a sweep, the predicted sweep's points and timelines, trace replay, the comparison without
 * the P term, calibration campaigns, the result tables and report.html. The commands only parse and call these.
 */
package mse.mpi.experiment;
