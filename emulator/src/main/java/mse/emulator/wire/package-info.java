/**
 * The rank-to-emulator protocol over plain sockets: frames, their codec with size limits, the Hello with the run's
 * token, and the rank-side link. Ranks need no Pekko; a malformed frame closes its connection only.
 */
package mse.emulator.wire;
