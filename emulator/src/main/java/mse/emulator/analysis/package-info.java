/**
 * What bounds a run, computed from the events the kernel (or the simulator) reports as it decides them: each rank's
 * wait states (late sender, late receiver, waiting in a collective, messages waiting in its queue) and the critical
 * path of the predicted run, split into computation, overheads, network and waiting. One pass over the events,
 * memory bounded by the ranks and the messages in flight, so it runs on every run. Pure Java, no Pekko.
 */
package mse.emulator.analysis;
