package mse.emulator.report;

import java.nio.file.Path;
import java.util.List;
import mse.emulator.kernel.RankAccount;

/**
 * One point of a report: a run at P ranks on one series (a strategy, a number of masters, a profile, or
 * measured reality), its time, where the master's time went (null when nobody knows: a measured point, whose
 * row then shows a dash, never zeros), the directory of its histograms and its timeline.json (null when it
 * has none), its wait states and critical path (null when unknown), and each master's breakdown and queue (empty
 * when the run does not know them).
 */
public record ReportPoint(String series, int np, double seconds, MasterBreakdown master, Path histograms, Path timeline,
                          WaitReport waits, List<RankBreakdown> masters) {

    public ReportPoint {
        masters = List.copyOf(masters);
    }

    public ReportPoint(String series, int np, double seconds, MasterBreakdown master, Path histograms, Path timeline,
                       WaitReport waits) {
        this(series, np, seconds, master, histograms, timeline, waits, List.of());
    }

    public ReportPoint(String series, int np, double seconds, MasterBreakdown master, Path histograms) {
        this(series, np, seconds, master, histograms, null);
    }

    public ReportPoint(String series, int np, double seconds, MasterBreakdown master, Path histograms, Path timeline) {
        this(series, np, seconds, master, histograms, timeline, null);
    }

    /**
     * The master's virtual time by activity, seed 001 Fig. 3, and apart from it (overlapping them) how long its
     * incoming network interface was busy passing messages.
     */
    public record MasterBreakdown(double send, double receive, double compute, double idle, double linkBusy) {

        /** A master's account from the kernel or the simulator, in seconds. */
        public static MasterBreakdown of(RankAccount master) {
            return new MasterBreakdown(master.sendNanos() / 1e9, master.receiveNanos() / 1e9, master.computeNanos() / 1e9,
                    master.idleNanos() / 1e9, master.linkBusyNanos() / 1e9);
        }
    }

    /** The share of the whole run the master's incoming link was busy: at about 1 the link is the bottleneck. */
    public double linkBusyFraction() {
        return master == null || seconds == 0 ? 0 : master.linkBusy() / seconds;
    }
}
