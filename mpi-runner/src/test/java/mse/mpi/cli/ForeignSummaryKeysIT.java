package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.json of a foreign program (emulate -- PROGRAM), pinned as SummaryKeysTest pins MSE's own: the run's keys
 * in their order, `program` (its command line) last of the header, and only with task reports (mse.h's
 * MSE_Task_done) the keys that need tasks: tasks, sequentialSeconds, speedup. strategy, prefetch and checksum never.
 * Each rank of a foreign program in real mode also says its time off the CPU between calls, `ranks[].offCpuSeconds`
 * after its wait states (added with the off-CPU time; MSE's own Java ranks do not say it, so SummaryKeysTest has none).
 */
class ForeignSummaryKeysIT {

    private static final String HEADER = "command app np masters profile profileSource cpuRatio taskCost workload "
            + "%s wallSeconds launchedAs program";
    private static final String PREDICTION = SummaryKeysTest.PREDICTION.replace("sequentialSeconds speedup ", "%s")
            .replace("ranks[].waitStates.queueWaitSeconds", "ranks[].waitStates.queueWaitSeconds ranks[].offCpuSeconds");

    @TempDir
    Path tmp;

    @Test
    void aProgramWithoutTaskReportsHasTheRunsKeysOnly() throws Exception {
        assertEquals(SummaryKeysTest.words(String.format(HEADER, "") + " " + String.format(PREDICTION, "")),
                keys(List.of("pingpong", "20")));
    }

    @Test
    void aProgramWithTaskReportsHasTheTaskKeysToo() throws Exception {
        assertEquals(SummaryKeysTest.words(String.format(HEADER, "tasks") + " " + String.format(PREDICTION, "sequentialSeconds speedup ")),
                keys(List.of("task-done-farm", "12", "1000")));
    }

    private List<String> keys(List<String> example) throws Exception {
        Path out = tmp.resolve(example.get(0) + "-results");
        String program = Path.of(System.getProperty("mse.project.root"), "examples/c/build", example.get(0)).toString();
        List<String> args = new java.util.ArrayList<>(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", out.toString(), "--", program));
        args.addAll(example.subList(1, example.size()));
        assertEquals(0, Mse.commandLine().execute(args.toArray(String[]::new)), String.join(" ", args));
        return SummaryKeysTest.keys(new ObjectMapper().readTree(out.resolve("summary.json").toFile()));
    }
}
