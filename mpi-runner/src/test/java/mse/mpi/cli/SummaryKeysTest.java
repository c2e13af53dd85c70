package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.json is read by users and their scripts: its keys, nested keys and their order are pinned here for
 * emulate (single and dynamic), sweep and predict, so that a change of the result types cannot rename, drop or
 * move one unnoticed. An array contributes the union of its elements' keys as "name[].key". sweep's sameFor
 * maps option names to values, so only its presence is pinned (its keys are the options, which may change).
 * A deliberate change of a key edits the pin here and says so in the README. A foreign program's summary (emulate --
 * PROGRAM) is pinned by ForeignSummaryKeysIT, which needs mpirun and the interposition library.
 */
class SummaryKeysTest {

    static final String BREAKDOWN = "rank sendSeconds recvSeconds computeSeconds idleSeconds busyFraction linkBusySeconds";
    static final String PERCENTILES = "p50 p90 p99 max count";
    /** Added to every analysed run's ranks[] and as its criticalPath (docs/results.md, "Wait states"). */
    static final String WAIT_STATES = "lateSenderSeconds lateReceiverSeconds collectiveWaitSeconds queueWaitSeconds";
    static final String CRITICAL_PATH = "computeSeconds overheadSeconds networkSeconds waitSeconds endRank bound";
    static final String HEADER = "command app strategy np masters profile profileSource cpuRatio taskCost workload tasks "
            + "wallSeconds checksum launchedAs";
    static final String PREDICTION = "predictedSeconds sequentialSeconds speedup breakdown breakdown.master "
            + prefixed("breakdown.master.", BREAKDOWN) + " latency " + nested("latency.", "slaveWaitMicros masterQueueWaitMicros masterQueueLength")
            + " perMaster " + prefixed("perMaster[].", BREAKDOWN) + " " + nested("perMaster[].", "slaveWaitMicros masterQueueWaitMicros")
            + " ranks ranks[].rank ranks[].host ranks[].address ranks[].lowerBounds ranks[].waitStates "
            + prefixed("ranks[].waitStates.", WAIT_STATES) + " criticalPath " + prefixed("criticalPath.", CRITICAL_PATH);
    private static final String EMULATE = HEADER + " " + PREDICTION;
    private static final String WORKLOAD = "--image 32x32 --task-points 64 --task-cost fixed:1us --timeline off --quiet";

    @TempDir
    Path tmp;

    @Test
    void emulateKeepsItsKeys() throws Exception {
        assertEquals(words(EMULATE), keys(run("emulate --local --np 3 " + WORKLOAD)));
    }

    @Test
    void emulateDynamicAddsItsMasterEvents() throws Exception {
        assertEquals(words(HEADER + " splits merges peakMasters masterEvents " + PREDICTION),
                keys(run("emulate --local --np 4 --strategy dynamic " + WORKLOAD)));
    }

    @Test
    void sweepKeepsItsKeys() throws Exception {
        String pinned = "command app strategy profile profileSource cpuRatio taskCost workload tasks checksum strategies sameFor "
                + "points " + prefixed("points[].", EMULATE) + " best best.np best.strategy best.masters best.predictedSeconds";
        assertEquals(words(pinned), keys(run("sweep --local --np 2,3 " + WORKLOAD)));
    }

    /** A predicted point's keys; DY's add its master activity last. */
    private static final String PREDICTED_POINT = "strategy np masters predictedSeconds sequentialSeconds speedup breakdown "
            + "breakdown.master " + prefixed("breakdown.master.", BREAKDOWN) + " latency "
            + nested("latency.", "slaveWaitMicros masterQueueWaitMicros") + " perMaster " + prefixed("perMaster[].", BREAKDOWN)
            + " simulatedMessages wallSeconds ranks ranks[].rank ranks[].waitStates " + prefixed("ranks[].waitStates.", WAIT_STATES)
            + " criticalPath " + prefixed("criticalPath.", CRITICAL_PATH);

    @Test
    void predictKeepsItsKeys() throws Exception {
        String pinned = predictKeys(PREDICTED_POINT);
        assertEquals(words(pinned), keys(run("predict --np 2,4 --image 32x32 --task-points 64 --timeline off --quiet")));
    }

    /** DY's points carry the wait states and the critical path too (added with them; before, DY's points had neither). */
    @Test
    void predictDynamicAddsItsMasterEvents() throws Exception {
        String pinned = predictKeys(PREDICTED_POINT + " splits merges peakMasters masterEvents");
        assertEquals(words(pinned), keys(run("predict --np 4 --strategy dynamic --image 32x32 --task-points 64 --timeline off --quiet")));
    }

    private static String predictKeys(String point) {
        return "command app strategy strategies profile profileSource cpuRatio taskCost workload tasks predictedBy points "
                + prefixed("points[].", point) + " best best.np best.strategy best.masters best.predictedSeconds predictor "
                + prefixed("predictor.", "method order sampleSize tasksExecuted bootstrapResamples bootstrapAlphaPercent bootstrap "
                        + "bootstrap[].n bootstrap[].minPercent bootstrap[].maxPercent interval interval.n interval.minPercent "
                        + "interval.maxPercent partialExecutionSeconds bootstrapSeconds interpolationSeconds phaseSeconds "
                        + "phaseSeconds.partialExecution phaseSeconds.bootstrap phaseSeconds.interpolation phaseSeconds.simulation "
                        + "phaseSeconds.total");
    }

    private JsonNode run(String argLine) throws Exception {
        Path out = tmp.resolve("out");
        List<String> args = new ArrayList<>(List.of(argLine.split(" ")));
        args.addAll(List.of("--out", out.toString()));
        assertEquals(0, Mse.commandLine().execute(args.toArray(String[]::new)), argLine);
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }

    static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        collect(node, "", keys);
        return keys;
    }

    private static void collect(JsonNode node, String prefix, List<String> keys) {
        if (node.isArray()) {
            for (JsonNode element : node) {
                collect(element, prefix.substring(0, prefix.length() - 1) + "[].", keys);
            }
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = prefix + field.getKey();
            if (!keys.contains(key)) {
                keys.add(key);
            }
            if (!key.equals("sameFor")) {
                collect(field.getValue(), key + ".", keys);
            }
        }
    }

    static List<String> words(String text) {
        return List.of(text.trim().split("\\s+"));
    }

    static String prefixed(String prefix, String names) {
        return String.join(" ", words(names).stream().map(n -> prefix + n).toList());
    }

    /** Each name as a key holding percentiles. */
    static String nested(String prefix, String names) {
        return String.join(" ", words(names).stream().map(n -> prefix + n + " " + prefixed(prefix + n + ".", PERCENTILES)).toList());
    }
}
