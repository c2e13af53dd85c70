/**
 * The benchmarks behind `./run.sh bench WHAT` (the command itself is cli's BenchCommand): what emulation, prediction,
 * foreign programs and scaling cost on this machine, and the machine's own floor under them, each printing its figures
 * as `name: value` lines. Performance claims live here, never in tests (docs/architecture.md, "House style").
 */
package mse.mpi.bench;
