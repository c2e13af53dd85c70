package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.report.ReportPage;
import mse.emulator.report.ReportPoint;
import mse.emulator.report.SweepPoint;
import mse.emulator.timeline.TimelineSetup;
import mse.mpi.apps.strategy.StrategyOptions;
import mse.mpi.rank.RunHeader;

/** Builds report.html for a command from the summaries it wrote. */
public final class RunReport {

    /**
     * A finished run: its point (an emulated run's summary or a predicted point) and the directory holding its files;
     * `timelineComing`: its timeline.json is being written (the report's timelinesComing says when it is).
     */
    public record Run(SweepPoint point, Path dir, boolean timelineComing) {

        public Run(SweepPoint point, Path dir) {
            this(point, dir, false);
        }
    }

    /** What the runs of a report share, for its inputs table; checksum null when no run computed every task. */
    public record Inputs(String workload, String app, Integer tasks, String taskCost, String checksum) {

        public static Inputs of(RunHeader header) {
            return new Inputs(header.workload(), header.app(), header.tasks(), header.taskCost(), header.checksum());
        }
    }

    private RunReport() {
    }

    public static Path write(Path dir, String title, List<String> argv, TargetProfile target, Inputs shared, List<Run> runs,
                      List<MasterEvent> masterEvents, List<ReportPoint> comparison) throws IOException {
        return write(dir, title, argv, target, shared, runs, masterEvents, comparison, null);
    }

    /** The same while the runs' timelines are still being written (`timelinesComing`). */
    public static Path write(Path dir, String title, List<String> argv, TargetProfile target, Inputs shared, List<Run> runs,
                      List<MasterEvent> masterEvents, List<ReportPoint> comparison, ReportPage.TimelinesComing timelinesComing)
            throws IOException {
        List<ReportPoint> points = new java.util.ArrayList<>(runs.stream().map(run -> point(run, target.network().name())).toList());
        points.addAll(comparison);
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("workload", shared.workload());
        inputs.put("application", shared.app());
        if (shared.tasks() != null) { // a foreign program that reports no tasks has none to show
            inputs.put("tasks", Integer.toString(shared.tasks()));
        }
        inputs.put("task cost", shared.taskCost());
        inputs.put("CPU ratio (target / host)", Double.toString(target.cpu().speedRatio()));
        profileInputs(inputs, target);
        if (shared.checksum() != null || shared.tasks() != null) {
            inputs.put("checksum", String.valueOf(shared.checksum()));
        }
        for (String line : new Versions().getVersion()) {
            int space = line.indexOf(' ');
            inputs.put(line.substring(0, space) + " version", line.substring(space + 1));
        }
        String commandLine = "./run.sh " + String.join(" ", argv);
        Path page = ReportPage.write(dir, new ReportPage.Content(title, commandLine, inputs, points, masterEvents, List.of(),
                timelinesComing));
        System.out.println("report: " + page);
        return page;
    }

    private static void profileInputs(Map<String, String> inputs, TargetProfile target) {
        NetworkProfile n = target.network();
        inputs.put("profile", n.name() + " (" + n.source() + ")");
        inputs.put("profile file", target.origin());
        inputs.put("latency L", n.latencyMicros() + " us");
        inputs.put("gap per byte G", n.gapPerByteMicros() + " us/byte");
        inputs.put("gap g", n.gapMicros() + " us");
        inputs.put("sync threshold S", n.syncThresholdBytes() + " bytes");
        inputs.put("send overhead", overhead(n.sendOverhead()));
        inputs.put("receive overhead", overhead(n.recvOverhead()));
    }

    private static String overhead(NetworkProfile.Overhead o) {
        return o.baseMicros() + " + " + o.perProcessMicros() + " P + " + o.perByteMicros() + " k us";
    }

    /** The run as a point of the report, on the series of its configuration under `profile`. */
    private static ReportPoint point(Run run, String profile) {
        SweepPoint p = run.point();
        return new ReportPoint(series(p, profile), p.np(), p.predictedSeconds(), p.breakdown().master().forReport(),
                Files.isDirectory(run.dir().resolve("histograms")) ? run.dir().resolve("histograms") : null,
                run.timelineComing() || Files.isRegularFile(run.dir().resolve(TimelineSetup.FILE_NAME)) ? run.dir().resolve(TimelineSetup.FILE_NAME) : null,
                p.waits(), p.perMaster());
    }

    /** "single", "multi Pm=4", "dynamic", "single K=2" (with --prefetch) — with the profile when it is not the default. */
    public static String series(SweepPoint p, String profile) {
        // A foreign program has no strategy of MSE's: its series is the program.
        String label = p.strategy() == null ? "program" : StrategyOptions.kind(p.strategy()).map(k -> k.series(p.masters())).orElse(p.strategy());
        if (p.prefetch() != null) {
            label += " K=" + p.prefetch();
        }
        return label + " / " + profile;
    }
}
