package mse.emulator.analysis;

/**
 * One rank's wait states in virtual nanoseconds (docs/results.md, "Wait states"): lateSender, blocked in a receive or
 * probe before its message was sent; lateReceiver, blocked in a synchronous send while its message had arrived and
 * the receiver had not started receiving it; collectiveWait, in each collective from the rank's entry until the last
 * rank whose part it needs entered ({@link CollectiveWaits}); queueWait,
 * the time messages to this rank waited, arrived, until it started receiving them (a master's results in its queue).
 */
public record RankWaitStates(int rank, long lateSenderNanos, long lateReceiverNanos, long collectiveWaitNanos,
                             long queueWaitNanos) {
}
