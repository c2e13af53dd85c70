/**
 * The virtual-time kernel: rank states, clocks, channels, the interfaces' busy times and the conservative grant
 * rule of docs/architecture.md ("Grant rule"). Pure Java, no Pekko, never the wall clock: same facts in, same virtual
 * times out. The simulator drives the same kernel, so the two share every cost rule.
 */
package mse.emulator.kernel;
