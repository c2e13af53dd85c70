package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The fast path against the live emulator (docs/architecture.md "The fast path"): with a deterministic task cost,
 * `predict --sample all` and `emulate --local` must give the same predicted time (the design allows 1%; they
 * agree to the nanosecond) for SI, ML and DY (several split/merge settings and depths), with MASE and EP, at
 * several P, DY with the same splits and merges, every point with emulate's wait states and critical path; and replaying the live run's tasks.csv (`predict --trace`)
 * must reproduce it to the nanosecond too.
 */
class PredictAgreementTest {

    private static final String[] MASE = {"--image", "40x32", "--max-iter", "300", "--task-points", "8",
            "--task-cost", "per-iteration:10ns"};
    private static final String[] EP = {"--app", "ep", "--ep-tasks", "48", "--ep-pairs", "1000", "--task-cost", "fixed:200us"};

    @TempDir
    Path tmp;

    private static String[] args(String[] head, String... tail) {
        return args(MASE, head, tail);
    }

    private static String[] args(String[] workload, String[] head, String... tail) {
        List<String> all = new ArrayList<>(Arrays.asList(head));
        all.addAll(Arrays.asList(workload));
        all.addAll(Arrays.asList(tail));
        return all.toArray(String[]::new);
    }

    private Map<String, Object> run(String name, String... argv) throws Exception {
        Path out = tmp.resolve(name);
        List<String> all = new ArrayList<>(Arrays.asList(argv));
        all.addAll(List.of("--out", out.toString()));
        assertEquals(0, Mse.commandLine().execute(all.toArray(String[]::new)), String.join(" ", all));
        return JsonFile.read(out.resolve("summary.json"));
    }

    /** emulate's perMaster without the per-master distributions (predict gives them combined, in latency). */
    private static List<Map<Object, Object>> breakdowns(Map<String, Object> live) {
        List<Map<Object, Object>> masters = new ArrayList<>();
        for (Object m : (List<?>) live.get("perMaster")) {
            Map<Object, Object> b = new java.util.LinkedHashMap<>((Map<?, ?>) m);
            b.remove("slaveWaitMicros");
            b.remove("masterQueueWaitMicros");
            masters.add(b);
        }
        return masters;
    }

    /** Each rank's waitStates, in rank order (emulate's ranks[] also say where each rank ran). */
    private static List<Object> waitStates(Map<?, ?> run) {
        return ((List<?>) run.get("ranks")).stream().<Object>map(r -> ((Map<?, ?>) r).get("waitStates")).toList();
    }

    private static Map<?, ?> pointAt(Map<String, Object> sweep, int np) {
        return ((List<?>) sweep.get("points")).stream().map(p -> (Map<?, ?>) p)
                .filter(p -> ((Number) p.get("np")).intValue() == np).findFirst().orElseThrow();
    }

    private static double predictedAt(Map<String, Object> sweep, int np) {
        return ((Number) pointAt(sweep, np).get("predictedSeconds")).doubleValue();
    }

    private Map<String, Object> agree(String strategy, int[] nps, String... options) throws Exception {
        return agree(MASE, strategy, nps, options);
    }

    private Map<String, Object> agree(String[] workload, String strategy, int[] nps, String... options) throws Exception {
        String list = String.join(",", Arrays.stream(nps).mapToObj(Integer::toString).toList());
        String[] strategyArgs = concat(new String[] {"--strategy", strategy, "--masters", "2"}, options);
        Map<String, Object> predicted = run(strategy + "-predict", args(workload, new String[] {"predict", "--np", list, "--sample", "all"},
                strategyArgs));
        for (int np : nps) {
            String name = strategy + "-emulate-" + np;
            Map<String, Object> live = run(name, args(workload, new String[] {"emulate", "--local", "--np", Integer.toString(np)}, strategyArgs));
            double emulated = ((Number) live.get("predictedSeconds")).doubleValue();
            assertEquals(emulated, predictedAt(predicted, np), emulated * 0.01, strategy + " np " + np);
            assertEquals(emulated, predictedAt(predicted, np), 1e-9, "expected exact agreement, " + strategy + " np " + np);
            // Replaying the live run's measured tasks reproduces its prediction.
            Map<String, Object> replay = run(name + "-replay", args(workload, new String[] {"predict", "--np", Integer.toString(np),
                    "--trace", tmp.resolve(name).resolve("tasks.csv").toString()}, strategyArgs));
            assertEquals(emulated, predictedAt(replay, np), 1e-9, "replay " + strategy + " np " + np);
            if (strategy.equals("dynamic")) {
                events.put(np, live.getOrDefault("masterEvents", List.of()));
            }
            Map<?, ?> point = pointAt(predicted, np);
            for (String key : List.of("splits", "merges", "peakMasters", "masterEvents", "breakdown")) {
                assertEquals(live.get(key), point.get(key), key + ", " + strategy + " np " + np);
            }
            assertEquals(breakdowns(live), point.get("perMaster"), "every master's breakdown, " + strategy + " np " + np);
            // what held each rank up and what bounds the run: the simulator tells the analysis what the kernel does
            assertEquals(live.get("criticalPath"), point.get("criticalPath"), "critical path, " + strategy + " np " + np);
            assertEquals(waitStates(live), waitStates(point), "wait states, " + strategy + " np " + np);
            // The distributions only for SI: FarmSimulator does not record ML's gather in the queue waits, and the
            // live keeper starts a DY secondary's queue when its ANY_SOURCE receive arrives, which may be before or
            // after the kernel settles the BECOME_MASTER it received (a race of emulate's, left to the keeper's issue).
            for (String key : strategy.equals("single") ? List.of("slaveWaitMicros", "masterQueueWaitMicros") : List.<String>of()) {
                assertEquals(((Map<?, ?>) live.get("latency")).get(key), ((Map<?, ?>) point.get("latency")).get(key),
                        key + ", " + strategy + " np " + np);
            }
        }
        assertTrue(predicted.containsKey("best"));
        Map<?, ?> predictor = (Map<?, ?>) predicted.get("predictor");
        assertEquals(predicted.get("tasks"), predictor.get("sampleSize"));
        assertTrue(((Map<?, ?>) predictor.get("phaseSeconds")).containsKey("simulation"));
        return predicted;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /**
     * Per-interface LogGP: 4,100-byte results (1024 points per task) on a 100 Mbit/s link (G = 0.08 us/byte) with no
     * overheads, so results converge on the master's incoming interface, which is the bottleneck: predict and
     * emulate agree to the nanosecond at P = 32 for SI and ML, and SI's master link is busy N kG, nearly all the run.
     */
    @Test
    void largeResultsOnALinkBoundNetworkAgreeAtP32() throws Exception {
        Path profile = tmp.resolve("link-100mbit.conf");
        Files.writeString(profile, """
                network {
                  name = "link-100mbit"
                  source = "a link-bound network, per-interface LogGP test"
                  latency-us = 50.0
                  gap-us = 0
                  gap-per-byte-us = 0.08
                  sync-threshold-bytes = 0
                  send-overhead { base-us = 0, per-process-us = 0, per-byte-us = 0 }
                  recv-overhead { base-us = 0, per-process-us = 0, per-byte-us = 0 }
                }
                cpu { speed-ratio = 1.0 }
                """);
        String[] big = {"--image", "512x128", "--max-iter", "100", "--task-points", "1024", "--task-cost", "per-iteration:1ns",
                "--profile", profile.toString()};
        Map<String, Object> single = agree(big, "single", new int[] {32});
        agree(big, "multi", new int[] {32});
        Map<?, ?> master = (Map<?, ?>) ((Map<?, ?>) pointAt(single, 32).get("breakdown")).get("master");
        double link = ((Number) master.get("linkBusySeconds")).doubleValue();
        assertEquals(64 * 4100 * 0.08e-6, link, 1e-9, "64 results of 4100 bytes, kG each");
        assertTrue(link >= 0.95 * predictedAt(single, 32), "the master's link is the bottleneck");
    }

    @Test
    void singleMasterAgreesWithEmulateAtSeveralP() throws Exception {
        agree("single", new int[] {2, 5, 9});
    }

    @Test
    void multipleMastersAgreeWithEmulateAtSeveralP() throws Exception {
        agree("multi", new int[] {4, 7, 10});
    }

    /** Emulated DY runs' masterEvents by np, from the last agree(): proof that the settings really split. */
    private final Map<Integer, Object> events = new java.util.TreeMap<>();

    @Test
    void dynamicMastersAgreeWithEmulateAtSeveralPAndDepths() throws Exception {
        agree("dynamic", new int[] {5, 8, 12}, "--split-wait", "1us", "--split-window", "2", "--max-depth", "1");
        assertSplits("depth 1");
        agree("dynamic", new int[] {9, 16}, "--split-wait", "1us", "--split-window", "3", "--max-depth", "3");
        assertTrue(events.values().stream().flatMap(e -> ((List<?>) e).stream())
                .anyMatch(e -> ((Number) ((Map<?, ?>) e).get("depth")).intValue() >= 2), "a secondary split again: " + events);
        assertSplits("depth 3");
    }

    @Test
    void dynamicMastersThatMergeEarlyAgreeWithEmulate() throws Exception {
        agree("dynamic", new int[] {8, 13}, "--split-wait", "50us", "--merge-wait", "40us", "--split-window", "2");
        assertSplits("merge-wait");
    }

    /** EP's messages (fixed 4-byte tasks, 96-byte results) are sized from the workload like MASE's. */
    @Test
    void epAgreesWithEmulateForEveryStrategy() throws Exception {
        agree(EP, "single", new int[] {3, 6});
        agree(EP, "multi", new int[] {4, 7});
        agree(EP, "dynamic", new int[] {6, 9}, "--split-wait", "1us", "--split-window", "2");
        assertSplits("EP");
    }

    /**
     * Prefetching: with 2 and 4 tasks in flight per slave (--prefetch) predict and emulate --local (and the replay of
     * its tasks.csv) still agree to the nanosecond, for SI, ML and DY, DY with splits and merges.
     */
    @Test
    void prefetchingSlavesAgreeWithEmulateForEveryStrategy() throws Exception {
        for (String k : List.of("2", "4")) {
            agree("single", new int[] {2, 5, 9}, "--prefetch", k);
            agree("multi", new int[] {4, 7}, "--prefetch", k);
            agree("dynamic", new int[] {5, 8}, "--prefetch", k, "--split-wait", "1us", "--split-window", "2");
            assertSplits("prefetch " + k);
        }
    }

    private void assertSplits(String what) {
        events.forEach((np, e) -> assertTrue(((List<?>) e).size() >= 2, what + ": np " + np + " split and merged: " + e));
        events.clear();
    }

    @Test
    void sampledPredictionReportsBootstrapAndRandomOrderRuns() throws Exception {
        Map<String, Object> s = run("sampled", args(new String[] {"predict", "--np", "2,4,8", "--sample", "16", "--order", "random"}));
        Map<?, ?> predictor = (Map<?, ?>) s.get("predictor");
        assertEquals(16, predictor.get("sampleSize"));
        assertEquals(List.of(4, 16), ((List<?>) predictor.get("bootstrap")).stream().map(r -> ((Map<?, ?>) r).get("n")).toList());
        // --order random shuffles the same 160 estimated costs (seed 000's S_R): one slave runs them all in
        // any order, so np 2 keeps its time; with several slaves the order moves the finish, so np 4 and 8 change
        Map<String, Object> ordered = run("ordered", args(new String[] {"predict", "--np", "2,4,8", "--sample", "16"}));
        assertEquals("random", predictor.get("order"));
        assertEquals(predictedAt(ordered, 2), predictedAt(s, 2));
        for (int np : new int[] {4, 8}) {
            assertTrue(predictedAt(ordered, np) != predictedAt(s, np), "np " + np + ": random order changed nothing");
        }
        Map<String, Object> target = run("target", args(new String[] {"predict", "--np", "4", "--target-error", "25"}));
        Map<?, ?> chosen = (Map<?, ?>) ((Map<?, ?>) target.get("predictor")).get("interval");
        assertTrue(((Number) chosen.get("maxPercent")).doubleValue() <= 25 && ((Number) chosen.get("minPercent")).doubleValue() >= -25
                || ((Number) chosen.get("n")).intValue() == 160, chosen.toString());
    }

    @Test
    void malformedTraceIsOneLineWithItsLineNumber() throws Exception {
        Path csv = tmp.resolve("tasks.csv");
        Files.writeString(csv, "task,order,slave,cpuNanos,virtualStartNanos,virtualEndNanos\n0,0,1,100,0,100\n1,1,2,abc,0,5\n");
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute("predict", "--np", "2", "--ep-tasks", "2", "--app", "ep", "--trace", csv.toString(),
                "--out", tmp.resolve("bad").toString());
        assertEquals(Mse.EXIT_BAD_INPUT, code);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("line 3"), err.toString());
    }
}
