/**
 * The work-rate model of seed 002: how much work each host can do as master or slave on a grid, and the
 * selection of masters and slaves (greedy selection, max-flow). Plain Java, no Pekko.
 */
package mse.emulator.workrate;
