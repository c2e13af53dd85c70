package mse.mpi.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calibration and validation over a real 100 Mbit/s network, shortened (docs/measurements/calibration.md has the
 * full runs): three namespace hosts of one slot, each link shaped by a token bucket that lets a short burst through
 * at line rate. The isolated round trips pass between bursts; the trains are what see the link. Needs root, ip and
 * tc, and fails saying so otherwise.
 */
@Timeout(900)
class ShapedCalibrationIT {

    /** 100 Mbit/s: 0.08 us per byte. */
    private static final double LINK_MICROS_PER_BYTE = 0.08;

    private static NamespaceCluster cluster;

    @TempDir
    Path tmp;

    @BeforeAll
    static void up() throws Exception {
        cluster = NamespaceCluster.up(Path.of("target", "netns-shaped").toAbsolutePath(), 3, "--slots", "1", "--rate", "100mbit");
    }

    @AfterAll
    static void down() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void trainsFindTheLinksRateWhereRoundTripsDoNot() throws Exception {
        Path out = tmp.resolve("calibrate");
        Path profile = tmp.resolve("shaped.conf");
        Cli.Result run = Cli.run(cluster.environment(), List.of("calibrate", "--np", "2,3", "--hostfile",
                cluster.hostfile().toString(), "--sizes", "1,4K,16K", "--point-seconds", "4", "--profile-out",
                profile.toString(), "--out", out.toString()));
        assertEquals(0, run.exit(), run.output());
        assertTrue(run.output().contains("np 2: each point stops when its medians are within +-1% (95% interval) or after 4 s:"),
                run.output());
        for (String size : List.of("1 B:", "4096 B:", "16384 B:")) {
            assertTrue(run.output().contains("     " + size + " round trips "), size + " in " + run.output());
        }
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        // A train timed from its request can only be slowed (a late receiver, the framing), never beat the link, so G
        // is not below the link's 0.08 us/byte (the burst is a tiny share of a train). 16 KiB messages pay the link far
        // more than any overhead costs, even on a heavily loaded 2-core machine, so they are link-bound, and G is the
        // link's with their framing. Above that only load adds, and heavy load on 2 cores added a good part of it, so
        // 50% is allowed here; the full calibration's goal is 10% (docs/measurements/calibration.md). The round trips alone, as
        // calibrated before, gave a G below the bound.
        double g = ((Number) ((Map<String, Object>) summary.get("fitted")).get("gapPerByteMicros")).doubleValue();
        assertTrue(g >= 0.99 * LINK_MICROS_PER_BYTE && g <= 1.5 * LINK_MICROS_PER_BYTE, "G " + g + " us/byte against the link's "
                + LINK_MICROS_PER_BYTE + ": " + summary.get("sources"));
        List<String> sources = (List<String>) summary.get("sources");
        assertTrue(sources.get(1).startsWith("G ") && sources.get(1).contains("trains"), sources.toString());
        for (Map<String, Object> point : (List<Map<String, Object>>) summary.get("points")) {
            List<Map<String, Object>> phases = (List<Map<String, Object>>) point.get("phases");
            assertEquals(List.of("round trips", "arrived receives", "trains", "idle trains"),
                    phases.stream().map(p -> p.get("name")).toList());
            phases.forEach(p -> assertTrue(List.of("stable", "time budget", "sample cap").contains(p.get("stop")), p.toString()));
        }
        // htb lets at least its 1,600-byte burst through a rested link (5,958 bytes measured on the quiet machine, 2 x 16 KiB
        // idle trains 18% faster than the model's replay without a burst). Load only slows a train: the burst is read
        // off the quickest idle train, which some of the 100 leave undisturbed, and the 3% noise floor sits far below it.
        long burst = ((Number) ((Map<String, Object>) summary.get("fitted")).get("burstBytes")).longValue();
        assertTrue(burst > 0 && burst <= 2 * 16384, "B " + burst + " bytes: " + sources);
        String text = Files.readString(profile);
        assertTrue(text.contains("# where each parameter comes from:") && text.contains("# how each point stopped:"), text);
        assertTrue(text.contains("\n  burst-bytes = " + burst + " "), text);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRendezvousSizeGivesSAndLeavesGToTheSizesBelow() throws Exception {
        // Open MPI's tcp sends 64 KiB through its rendezvous (eager limit 64 KiB, header included): a train of them pays a
        // handshake per message (well above 16 KiB's gap per byte), and their arrived receives wait the whole transfer,
        // so G from 64 KiB would be far too high. The points get 8 s so the 64 KiB trains take enough samples that their
        // median stays clear of the level where the step would hide, though single trains spread widely.
        Path out = tmp.resolve("calibrate-64k");
        Cli.Result run = Cli.run(cluster.environment(), List.of("calibrate", "--np", "2", "--hostfile",
                cluster.hostfile().toString(), "--sizes", "1,16K,64K", "--point-seconds", "8", "--out", out.toString()));
        assertEquals(0, run.exit(), run.output());
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        Map<String, Object> fitted = (Map<String, Object>) summary.get("fitted");
        List<String> sources = (List<String>) summary.get("sources");
        assertEquals(65536, ((Number) fitted.get("syncThresholdBytes")).longValue(), sources.toString());
        double g = ((Number) fitted.get("gapPerByteMicros")).doubleValue();
        assertTrue(g >= 0.99 * LINK_MICROS_PER_BYTE && g <= 1.5 * LINK_MICROS_PER_BYTE, "G " + g + " us/byte: " + sources);
        assertTrue(sources.get(1).contains("16384] below the rendezvous switch"), sources.toString());
    }
}
