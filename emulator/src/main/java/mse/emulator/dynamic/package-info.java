/**
 * The dynamic (hierarchical) master strategy's decisions (seed 001, section 3.2): when a master splits or merges,
 * from its slaves' waits in a window, and the master events a run records. Shared by the live program and the
 * simulator so both decide alike; plain Java.
 */
package mse.emulator.dynamic;
