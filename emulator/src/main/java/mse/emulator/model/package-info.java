/**
 * Pure LogGPS cost functions (seed 001, Table 2) and the CPU model: overheads o(P,k), the wire and interface
 * rule, task costs. No state, no clocks, no Pekko; the kernel and the simulator both call these.
 */
package mse.emulator.model;
