package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.Json;
import mse.emulator.sim.TaskTrace;
import mse.mpi.options.BadInputException;

/**
 * Which costs of a live run's tasks.csv the simulator replays (docs/architecture.md "Determinism": replaying a live
 * trace must give its prediction). A run charged by measured CPU (taskCost real, or no summary.json next to
 * the file) is replayed from cpuNanos, and each master's work on a result from masterCpuNanos, with this prediction's
 * CPU ratio. A run with a deterministic cost did not
 * charge cpuNanos, so its charged spans (virtual end - start, already on its target CPU) are replayed as they are.
 */
public record TraceReplay(long[] hostCosts, long[] masterCosts, TargetCpu cpu, String description) {

    /** What the replay reads of the run's summary.json: the task cost it charged. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    private record ChargedBy(String taskCost) {}

    public static TraceReplay load(Path file, int expectedTasks, TargetCpu cpu) throws IOException {
        TaskTrace trace;
        try {
            trace = TaskTrace.read(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException("--trace: no such file " + file);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--trace: " + e.getMessage());
        }
        if (trace.tasks() != expectedTasks) {
            throw new BadInputException("--trace: " + file + " has " + trace.tasks() + " tasks but the workload options give "
                    + expectedTasks + "; pass the traced run's --app/--image/--task-points options");
        }
        Path summary = file.resolveSibling("summary.json");
        String taskCost = "real";
        if (Files.exists(summary)) {
            String charged = Json.read(summary, ChargedBy.class).taskCost();
            taskCost = charged == null ? "real" : charged;
        }
        if (taskCost.equals("real")) {
            return new TraceReplay(trace.cpuNanos(), trace.masterCpuNanos(), cpu,
                    "measured cpuNanos and masterCpuNanos, cpu ratio " + cpu.speedRatio());
        }
        // a deterministic run charges nothing outside tasks, its masters' work included
        return new TraceReplay(trace.chargedNanos(), new long[trace.tasks()], new TargetCpu(1.0),
                "charged spans of a " + taskCost + " run, on its target CPU");
    }
}
