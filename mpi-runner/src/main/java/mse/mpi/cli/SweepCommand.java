package mse.mpi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mse.emulator.report.Json;
import mse.mpi.apps.AppOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `mse sweep`: one emulated run per P, each a real mpirun job; the table and the saturation point. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Emulate the program at several P and find the saturation point (the P with the least predicted time).",
        footer = {"", "Example:", "  ./run.sh sweep --np 2,4,8,16,32 --profile mpich-fast-ethernet --task-points 16"})
final class SweepCommand implements Callable<Integer> {

    @Option(names = "--np", paramLabel = "P,P,...", defaultValue = "2,4,8,16,32",
            description = "Numbers of ranks to emulate (default: ${DEFAULT-VALUE}).")
    String npList;

    @Mixin
    AppOptions app;

    @Mixin
    EmulationOptions emulation;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-sweep).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<Integer> nps = NpList.parse(npList);
        List<EmulatedPoint> runs = new ArrayList<>();
        for (int np : nps) {
            runs.add(EmulatedPoint.prepare("sweep", np, app, emulation));
        }
        Path dir = RunDirectory.create(out, "sweep");
        List<Map<String, Object>> points = new ArrayList<>();
        List<RunReport.Run> finished = new ArrayList<>();
        ResultTables.printSweepHeader();
        for (int i = 0; i < nps.size(); i++) {
            Map<String, Object> point = runs.get(i).run(dir.resolve("np-" + nps.get(i)));
            points.add(point);
            finished.add(new RunReport.Run(point, dir.resolve("np-" + nps.get(i))));
            ResultTables.printSweepRow(point);
            Json.write(dir.resolve("summary.json"), summary(points));
        }
        Map<String, Object> summary = summary(points);
        @SuppressWarnings("unchecked")
        Map<String, Object> best = (Map<String, Object>) summary.get("best");
        ResultTables.printBest(best, points);
        RunReport.write(dir, "MSE sweep: " + summary.get("workload"), spec.commandLine().getParseResult().originalArgs(),
                runs.get(0).target(), finished, List.of());
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** The sweep so far: written after every point, so an interrupted sweep keeps what it finished. */
    private Map<String, Object> summary(List<Map<String, Object>> points) {
        Map<String, Object> first = points.get(0);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", "sweep");
        for (String key : List.of("app", "strategy", "profile", "profileSource", "cpuRatio", "taskCost", "workload", "tasks", "checksum")) {
            summary.put(key, first.get(key));
        }
        summary.put("points", points);
        Map<String, Object> best = points.stream()
                .min(Comparator.comparingDouble(p -> ResultTables.num(p.get("predictedSeconds"))))
                .orElseThrow();
        Map<String, Object> bestEntry = new LinkedHashMap<>();
        bestEntry.put("np", best.get("np"));
        bestEntry.put("predictedSeconds", best.get("predictedSeconds"));
        summary.put("best", bestEntry);
        return summary;
    }
}
