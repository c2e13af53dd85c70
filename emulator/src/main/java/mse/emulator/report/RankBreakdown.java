package mse.emulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import mse.emulator.kernel.RankAccount;

/**
 * Where one rank's virtual time went, seed 001 Fig. 3, in seconds: summary.json's breakdown.master and each
 * perMaster[] entry. linkBusySeconds overlaps the four activities: the incoming network interface busy passing
 * messages (LogGP's G at the master). An emulated run's perMaster[] entries add the master's own queue
 * percentiles; elsewhere they are null and absent from the file.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RankBreakdown(int rank, double sendSeconds, double recvSeconds, double computeSeconds, double idleSeconds,
                            double busyFraction, double linkBusySeconds, Percentiles slaveWaitMicros,
                            Percentiles masterQueueWaitMicros) {

    public static RankBreakdown of(RankAccount account) {
        return new RankBreakdown(account.rank(), seconds(account.sendNanos()), seconds(account.receiveNanos()),
                seconds(account.computeNanos()), seconds(account.idleNanos()), busyFraction(account),
                seconds(account.linkBusyNanos()), null, null);
    }

    /** This breakdown with its master's queue percentiles (microseconds). */
    public RankBreakdown withQueue(LatencyHistograms queue) {
        return new RankBreakdown(rank, sendSeconds, recvSeconds, computeSeconds, idleSeconds, busyFraction, linkBusySeconds,
                Percentiles.of(queue.slaveWaitNanos(), 1000.0), Percentiles.of(queue.queueWaitNanos(), 1000.0));
    }

    /** The master's share of its time spent sending, receiving or computing (not idle). */
    private static double busyFraction(RankAccount account) {
        long total = account.finalClockNanos();
        return total == 0 ? 0 : (double) (total - account.idleNanos()) / total;
    }

    /** The report's view of it. */
    public ReportPoint.MasterBreakdown forReport() {
        return new ReportPoint.MasterBreakdown(sendSeconds, recvSeconds, computeSeconds, idleSeconds, linkBusySeconds);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
