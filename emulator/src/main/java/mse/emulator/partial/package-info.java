/**
 * Partial execution (seed 000): which tasks to run, linear interpolation of the others in assignment order,
 * and the bootstrap that picks the sample size for a target error. Plain Java, no Pekko.
 */
package mse.emulator.partial;
