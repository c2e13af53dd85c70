package mse.emulator.analysis;

/**
 * One stretch of the critical path: on `rank` from fromNanos to untilNanos. Between two stretches of a path lies a
 * message's way from one rank to the next (or, from a synchronous sender's stretch to its receiver's, nothing).
 */
public record PathStretch(int rank, long fromNanos, long untilNanos) {
}
