package mse.mpi.experiment;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import mse.emulator.report.RankBreakdown;
import mse.emulator.report.SweepPoint;
import mse.mpi.apps.strategy.StrategyOptions;
import mse.mpi.launch.ProgramOutput;
import mse.mpi.rank.EmulationSummary;
import mse.mpi.rank.RunHeader;

/** The short tables the commands print; the full results are in the files they name. */
public final class ResultTables {

    private ResultTables() {
    }

    public static void printRun(EmulationSummary s, Path dir) {
        ProgramOutput.endLine();
        RunHeader h = s.header();
        RankBreakdown master = s.breakdown().master();
        String what = h.strategy() == null ? (h.program() != null ? "program " : "") + h.workload()
                : String.format("%s, %s master strategy%s", h.workload(), h.strategy(), h.prefetch() != null ? " (prefetch " + h.prefetch() + ")" : "");
        System.out.printf("%s, np %s, target %s (cpu ratio %s, task cost %s)%n", what, h.np(), h.profile(), h.cpuRatio(), h.taskCost());
        System.out.printf("  predicted time   %.6f s (virtual%s)%n", s.predictedSeconds(),
                Double.isNaN(s.speedup()) ? "" : String.format("; speedup %.2f over one target CPU", s.speedup()));
        System.out.printf("  master %s         send %.4f s, recv %.4f s, compute %.4f s, idle %.4f s (busy %.1f%%)%n",
                master.rank(), master.sendSeconds(), master.recvSeconds(), master.computeSeconds(), master.idleSeconds(),
                100 * master.busyFraction());
        System.out.printf("  slave wait       p50 %.1f us, p99 %.1f us; master queue wait p99 %.1f us%n",
                s.latency().slaveWaitMicros().p50(), s.latency().slaveWaitMicros().p99(), s.latency().masterQueueWaitMicros().p99());
        if (s.prediction().criticalPath() != null && !s.prediction().criticalPath().bound().isEmpty()) {
            System.out.printf("  bound by         %s%n", s.prediction().criticalPath().bound());
        }
        if (h.tasks() != null) {
            System.out.printf("  tasks %s, checksum %s, wall time %.2f s%n", h.tasks(), h.checksum(), h.wallSeconds());
        } else {
            System.out.printf("  wall time        %.2f s%n", h.wallSeconds());
        }
        System.out.printf("  results          %s%n", dir.resolve("summary.json"));
    }

    /** The sweep table's header; with --prefetch a K column (tasks in flight per slave) after Pm. */
    public static void printSweepHeader(boolean prefetch) {
        ProgramOutput.endLine();
        System.out.printf("%-10s %4s%s %6s %14s %9s %14s %18s %10s%n", "strategy", "Pm", prefetch ? String.format(" %3s", "K") : "", "P",
                "predicted s", "speedup", "master busy %", "slave wait p99 us", "wall s");
    }

    public static void printSweepRow(SweepPoint s) {
        ProgramOutput.endLine();
        System.out.printf("%-10s %4s%s %6s %14.6f %9s %14.1f %18.1f %10.2f%n", s.strategy() == null ? "program" : s.strategy(), s.masters(),
                s.prefetch() != null ? String.format(" %3s", s.prefetch()) : "", s.np(), s.predictedSeconds(),
                Double.isNaN(s.speedup()) ? "-" : String.format("%.2f", s.speedup()), // "-": a program without task reports
                100 * s.breakdown().master().busyFraction(), s.latency().slaveWaitMicros().p99(), s.wallSeconds());
    }

    /** With more than one configuration (strategy, masters, prefetch), the table again by predicted time. */
    public static void printSortedIfSeveral(List<? extends SweepPoint> points) {
        if (points.stream().map(p -> p.strategy() + "/" + p.masters() + "/" + p.prefetch()).distinct().count() > 1) {
            System.out.println("\nsorted by predicted time:");
            printSweepHeader(points.get(0).prefetch() != null);
            points.stream().sorted(Comparator.comparingDouble(SweepPoint::predictedSeconds)).forEach(ResultTables::printSweepRow);
        }
    }

    public static void printBest(BestPoint best, List<? extends SweepPoint> points) {
        System.out.printf("best: %s%s at P = %s (least predicted time, %.6f s)%s%n",
                best.strategy() == null ? "the program" // a foreign program's sweep: one configuration, its own
                        : StrategyOptions.kind(best.strategy()).map(k -> k.inWords(best.masters())).orElse(best.strategy()),
                best.prefetch() != null ? ", prefetch " + best.prefetch() : "", best.np(), best.predictedSeconds(),
                best.np() == points.get(points.size() - 1).np() ? "; still improving at the largest P swept" : "");
    }
}
