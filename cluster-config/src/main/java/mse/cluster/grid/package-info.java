/**
 * A grid as seed 002 describes it: hosts with work rates, networks with capacities and the links between them,
 * read from HOCON with file and line in every error. Data only; placement decisions live in emulator.workrate.
 */
package mse.cluster.grid;
