package mse.emulator.report;

import mse.emulator.analysis.RankWaitStates;

/** summary.json's ranks[].waitStates: a rank's wait states in seconds (docs/results.md, "Wait states"). */
public record WaitStates(double lateSenderSeconds, double lateReceiverSeconds, double collectiveWaitSeconds,
                         double queueWaitSeconds) {

    public static WaitStates of(RankWaitStates nanos) {
        return new WaitStates(seconds(nanos.lateSenderNanos()), seconds(nanos.lateReceiverNanos()),
                seconds(nanos.collectiveWaitNanos()), seconds(nanos.queueWaitNanos()));
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
