package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.CollectiveChargeCases;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each collective the interposition library runs by an algorithm of its own (docs/collectives.md) is charged what the
 * algorithm's messages cost by hand ({@link CollectiveChargeCases}): mpi-runner/src/test/c/collective-charges.c runs
 * one case under mpirun, deterministic (per-iteration task cost, no work), and summary.json's prediction must be the
 * hand-computed one to the nanosecond.
 */
class CollectiveChargesIT {

    private static final double NANO = 1e-9;

    @TempDir
    Path tmp;

    @Test
    void alltoallvAndAlltoallwAreChargedTheirNonEmptyBlocksSentDirectly() throws Exception {
        CollectiveChargeCases expected = CollectiveChargeCases.of();
        Path program = ForeignRuns.compile("collective-charges", tmp);
        for (String call : List.of("alltoallv", "alltoallw")) {
            Map<String, Object> summary = run(program, call, CollectiveChargeCases.PROFILE);
            assertSeconds(expected.allToAllPredicted(), summary.get("predictedSeconds"), call);
            assertSeconds(expected.allToAllRank0Send(), master(summary).get("sendSeconds"), call + " rank 0's sends");
        }
    }

    /** Recursive doubling on the binomial profile, a chain on the linear one: the same time at np 3, other sends. */
    @Test
    void scanAndExscanAreChargedRecursiveDoublingOrAChainAsTheProfileSays() throws Exception {
        CollectiveChargeCases expected = CollectiveChargeCases.of();
        Path program = ForeignRuns.compile("collective-charges", tmp);
        Path linear = linearProfile();
        for (String call : List.of("scan", "exscan")) {
            for (boolean doubling : List.of(true, false)) {
                Map<String, Object> summary = run(program, call,
                        doubling ? CollectiveChargeCases.PROFILE : linear.toString());
                String what = call + (doubling ? " (recursive doubling)" : " (chain)");
                assertSeconds(expected.scanPredicted(), summary.get("predictedSeconds"), what);
                assertSeconds(expected.scanRank0Send(doubling), master(summary).get("sendSeconds"), what + " sends");
                assertSeconds(expected.scanRank0Receive(doubling), master(summary).get("recvSeconds"),
                        what + " receives");
            }
        }
    }

    /** The profile's reduce to rank 0, then its scatter of each rank's block. */
    @Test
    void reduceScattersAreChargedAReduceToRankZeroThenItsScatter() throws Exception {
        CollectiveChargeCases expected = CollectiveChargeCases.of();
        Path program = ForeignRuns.compile("collective-charges", tmp);
        Map<String, Object> block = run(program, "reduce_scatter_block", CollectiveChargeCases.PROFILE);
        assertSeconds(expected.reduceScatterBlockPredicted(), block.get("predictedSeconds"), "reduce_scatter_block");
        assertSeconds(expected.reduceScatterBlockRank0Send(), master(block).get("sendSeconds"), "its sends");
        assertSeconds(expected.reduceScatterBlockRank0Receive(), master(block).get("recvSeconds"), "its receives");
        Path linear = linearProfile();
        for (boolean binomial : List.of(true, false)) {
            Map<String, Object> v = run(program, "reduce_scatter",
                    binomial ? CollectiveChargeCases.PROFILE : linear.toString());
            String what = "reduce_scatter " + (binomial ? "binomial" : "linear");
            assertSeconds(expected.reduceScatterPredicted(binomial), v.get("predictedSeconds"), what);
            assertSeconds(expected.reduceScatterRank0Send(), master(v).get("sendSeconds"), what + " sends");
            assertSeconds(expected.reduceScatterRank0Receive(), master(v).get("recvSeconds"), what + " receives");
        }
    }

    /** The same network with `mpi { collectives = linear }`. */
    private Path linearProfile() throws Exception {
        Path linear = tmp.resolve("linear.conf");
        Files.writeString(linear, new String(CollectiveChargesIT.class.getClassLoader()
                .getResourceAsStream("profiles/" + CollectiveChargeCases.PROFILE + ".conf").readAllBytes())
                + "mpi { collectives = linear }\n");
        return linear;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> master(Map<String, Object> summary) {
        return (Map<String, Object>) ((Map<String, Object>) summary.get("breakdown")).get("master");
    }

    private Map<String, Object> run(Path program, String call, String profile) throws Exception {
        Path out = tmp.resolve(call + "-" + Integer.toHexString(profile.hashCode()));
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", Integer.toString(CollectiveChargeCases.NP),
                "--quiet", "--timeline", "off", "--profile", profile, "--task-cost", "per-iteration:10ns", "--out",
                out.toString(), "--", program.toString(), call));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.stdout().startsWith(call + ": rank 0 got "), r.stdout());
        return JsonFile.read(out.resolve("summary.json"));
    }

    private static void assertSeconds(long expectedNanos, Object actualSeconds, String what) {
        assertEquals(expectedNanos * NANO, ((Number) actualSeconds).doubleValue(), 1e-12, what);
    }
}
