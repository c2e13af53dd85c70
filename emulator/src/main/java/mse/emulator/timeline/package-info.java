/**
 * timeline.json, the whole run in virtual time as a Chrome trace: what is kept (off, full, or the first and last
 * windows), how it is written while the run goes, and how it is read back for charts and tests.
 */
package mse.emulator.timeline;
