package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.LateRankCase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/c/late-rank.c under mpirun through the interposition library, deterministic (per-iteration:10ns, so the
 * late rank's 100,000 work units make it 1 ms late): summary.json's wait states and critical path equal the values
 * computed by hand ({@link LateRankCase}), as its Java twin's do in process (LateRankWaitStatesTest).
 */
class ForeignWaitStatesIT {

    private static final double NANO = 1e-9;

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void aLateRanksWaitsAreTheHandComputedOnes() throws Exception {
        LateRankCase expected = LateRankCase.of(1_000_000);
        Path out = tmp.resolve("late-rank");
        ForeignRuns.Result run = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                "--profile", LateRankCase.PROFILE, "--task-cost", "per-iteration:10ns", "--out", out.toString(), "--",
                ForeignRuns.example("late-rank").toString(), "100000"));
        assertEquals(0, run.exit(), run.output());
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        List<Map<String, Object>> ranks = (List<Map<String, Object>>) summary.get("ranks");
        Map<String, Object> rank0 = (Map<String, Object>) ranks.get(0).get("waitStates");
        Map<String, Object> rank1 = (Map<String, Object>) ranks.get(1).get("waitStates");
        assertSeconds(expected.rank0CollectiveWait(), rank0.get("collectiveWaitSeconds"));
        assertSeconds(expected.rank1CollectiveWait(), rank1.get("collectiveWaitSeconds"));
        assertSeconds(expected.rank0LateSender(), rank0.get("lateSenderSeconds"));
        assertSeconds(0, rank1.get("lateSenderSeconds"));
        assertSeconds(expected.predicted(), summary.get("predictedSeconds"));
        Map<String, Object> path = (Map<String, Object>) summary.get("criticalPath");
        assertEquals(0, ((Number) path.get("endRank")).intValue());
        assertSeconds(expected.pathCompute(), path.get("computeSeconds"));
        assertSeconds(expected.pathOverhead(), path.get("overheadSeconds"));
        assertSeconds(expected.pathNetwork(), path.get("networkSeconds"));
        assertSeconds(0, path.get("waitSeconds"));
    }

    private static void assertSeconds(long expectedNanos, Object actualSeconds) {
        assertEquals(expectedNanos * NANO, ((Number) actualSeconds).doubleValue(), 1e-12);
    }
}
