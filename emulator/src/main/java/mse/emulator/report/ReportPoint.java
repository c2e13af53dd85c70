package mse.emulator.report;

import java.nio.file.Path;

/**
 * One point of a report: a run at P ranks on one series (a strategy, a number of masters, a profile, or
 * measured reality), its time, where the master's time went, and the directory of its histograms
 * (null when it has none, as for measured points).
 */
public record ReportPoint(String series, int np, double seconds, MasterBreakdown master, Path histograms) {

    /**
     * The master's virtual time by activity, seed 001 Fig. 3, and apart from it (overlapping them) how long its
     * incoming network interface was busy passing messages.
     */
    public record MasterBreakdown(double send, double receive, double compute, double idle, double linkBusy) {
        public static final MasterBreakdown NONE = new MasterBreakdown(0, 0, 0, 0, 0);
    }

    /** The share of the whole run the master's incoming link was busy: at about 1 the link is the bottleneck. */
    public double linkBusyFraction() {
        return seconds == 0 ? 0 : master.linkBusy() / seconds;
    }
}
