package mse.emulator.analysis;

/**
 * One rank's wait states in virtual nanoseconds (docs/results.md, "Wait states"): lateSender, blocked in a receive or
 * probe before its message was sent; lateReceiver, blocked in a synchronous send while its message had arrived and
 * the receiver had not started receiving it; collectiveWait, the late-sender time of a collective's receives (its
 * point-to-point messages on a library context): waiting for a rank that came to the collective later; queueWait,
 * the time messages to this rank waited, arrived, until it started receiving them (a master's results in its queue).
 */
public record RankWaitStates(int rank, long lateSenderNanos, long lateReceiverNanos, long collectiveWaitNanos,
                             long queueWaitNanos) {
}
