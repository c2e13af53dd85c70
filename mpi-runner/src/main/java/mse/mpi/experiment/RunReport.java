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
import mse.emulator.timeline.TimelineSetup;
import mse.mpi.apps.strategy.StrategyOptions;

/** Builds report.html for a command from the summaries it wrote. */
public final class RunReport {

    /** A finished run: its summary and the directory holding its files. */
    public record Run(Map<String, Object> summary, Path dir) {}

    private RunReport() {
    }

    public static Path write(Path dir, String title, List<String> argv, TargetProfile target, List<Run> runs,
                      List<MasterEvent> masterEvents, List<ReportPoint> comparison) throws IOException {
        List<ReportPoint> points = new java.util.ArrayList<>(runs.stream().map(RunReport::point).toList());
        points.addAll(comparison);
        Map<String, Object> first = runs.get(0).summary();
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("workload", first.get("workload"));
        inputs.put("application", first.get("app"));
        inputs.put("tasks", first.get("tasks"));
        inputs.put("task cost", first.get("taskCost"));
        inputs.put("CPU ratio (target / host)", target.cpu().speedRatio());
        profileInputs(inputs, target);
        inputs.put("checksum", first.get("checksum"));
        for (String line : new Versions().getVersion()) {
            int space = line.indexOf(' ');
            inputs.put(line.substring(0, space) + " version", line.substring(space + 1));
        }
        String commandLine = "./run.sh " + String.join(" ", argv);
        Path page = ReportPage.write(dir, new ReportPage.Content(title, commandLine, inputs, points, masterEvents));
        System.out.println("report: " + page);
        return page;
    }

    private static void profileInputs(Map<String, Object> inputs, TargetProfile target) {
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

    @SuppressWarnings("unchecked")
    public static ReportPoint point(Run run) {
        Map<String, Object> s = run.summary();
        Map<String, Object> m = (Map<String, Object>) ((Map<String, Object>) s.get("breakdown")).get("master");
        return new ReportPoint(series(s), ((Number) s.get("np")).intValue(), ((Number) s.get("predictedSeconds")).doubleValue(),
                new ReportPoint.MasterBreakdown(num(m.get("sendSeconds")), num(m.get("recvSeconds")),
                        num(m.get("computeSeconds")), num(m.get("idleSeconds")), num(m.get("linkBusySeconds"))),
                Files.isDirectory(run.dir().resolve("histograms")) ? run.dir().resolve("histograms") : null,
                Files.isRegularFile(run.dir().resolve(TimelineSetup.FILE_NAME)) ? run.dir().resolve(TimelineSetup.FILE_NAME) : null);
    }

    /** "single", "multi Pm=4", "dynamic", "single K=2" (with --prefetch) — with the profile when it is not the default. */
    public static String series(Map<String, Object> s) {
        String name = String.valueOf(s.get("strategy"));
        String label = StrategyOptions.kind(name).map(k -> k.series(s.get("masters"))).orElse(name);
        if (s.containsKey("prefetch")) {
            label += " K=" + s.get("prefetch");
        }
        return label + " / " + s.get("profile");
    }

    private static double num(Object o) {
        return ((Number) o).doubleValue();
    }
}
