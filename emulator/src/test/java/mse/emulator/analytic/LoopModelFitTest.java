package mse.emulator.analytic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LoopModelFitTest {

    @Test
    void recoversKnownParametersWithinOnePercent() {
        // seed 004 Table 1, SGI Origin 2000 row: l = 22.69 us, BW = 13.38 Mbyte/s, alpha = 7.42 ns.
        // Discrepancy in the paper: it defines beta = 8/BW as "the transfer time per byte", yet 8/BW is the
        // time per 8-byte element (8 / 13.38e6 = 0.598 us, the 0.59 us of Table 1). We fit beta per byte.
        LoopModel truth = new LoopModel(22.69e-6, 1 / 13.38e6, 7.42e-9, Topology.HYPERCUBE);
        Random random = new Random(4);
        List<LoopRun> runs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            int slaves = 1 + random.nextInt(16);
            LoopRun counts = new LoopRun(slaves, 1e7 + random.nextInt(100_000_000), 50 + random.nextInt(2000),
                    1e5 + random.nextInt(5_000_000), random.nextInt(50), random.nextInt(1_000_000), 0);
            double seconds = truth.predictSeconds(counts) * (1 + 0.002 * (random.nextDouble() - 0.5));
            runs.add(new LoopRun(counts.slaves(), counts.flops(), counts.sends(), counts.sendBytes(), counts.broadcasts(),
                    counts.broadcastBytes(), seconds));
        }
        LoopModel fitted = LoopModelFit.fit(runs, Topology.HYPERCUBE, "synthetic").model();
        assertEquals(truth.latencySeconds(), fitted.latencySeconds(), 0.01 * truth.latencySeconds());
        assertEquals(truth.betaSecondsPerByte(), fitted.betaSecondsPerByte(), 0.01 * truth.betaSecondsPerByte());
        assertEquals(truth.alphaSecondsPerFlop(), fitted.alphaSecondsPerFlop(), 0.01 * truth.alphaSecondsPerFlop());
    }

    @Test
    void hopFactorsAndBroadcastRounds() {
        assertEquals(1, Topology.HYPERCUBE.hops(1));
        assertEquals(2, Topology.HYPERCUBE.hops(16), 1e-12, "1/2 log2 16");
        assertEquals(2.25, Topology.TORUS_3D.hops(27), 1e-12, "3/4 * 27^(1/3)");
        assertEquals(1, Topology.broadcastRounds(1));
        assertEquals(2, Topology.broadcastRounds(3));
        assertEquals(3, Topology.broadcastRounds(4));
    }

    @Test
    void malformedCsvNamesTheLine() {
        List<String> lines = List.of("# comment", "slaves,flops,sends,send_bytes,broadcasts,broadcast_bytes,seconds",
                "1,100,10,1000,1,100,0.5", "1,abc,10,1000,1,100,0.5");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopRunsCsv.parse(lines, "runs.csv", true));
        assertEquals("runs.csv:4: flops: expected a number >= 0, got 'abc'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopRunsCsv.parse(List.of("slaves,flops", "1,2"), "runs.csv", true));
        assertTrue(e.getMessage().startsWith("runs.csv:1: header lacks column sends"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopRunsCsv.parse(
                List.of("slaves,flops,sends,send_bytes,broadcasts,broadcast_bytes,seconds", "1,100,10,1000"), "runs.csv", true));
        assertTrue(e.getMessage().startsWith("runs.csv:2: expected 7"), e.getMessage());
    }
}
