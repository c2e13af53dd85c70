/**
 * The fast path's sequential discrete-event simulator: the farms' strategies replayed over the kernel's rules with
 * given task costs, no actors and no MPI. Same model as an emulated run, so a replayed trace gives the same
 * prediction; plain Java, no Pekko.
 */
package mse.emulator.sim;
