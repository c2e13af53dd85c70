/**
 * The files of a run a user opens: summary.json (through Jackson), breakdown.csv, tasks.csv, HdrHistogram logs,
 * report.html. Written atomically, so an interrupted run never leaves half a file; keys and columns are stable.
 */
package mse.emulator.report;
