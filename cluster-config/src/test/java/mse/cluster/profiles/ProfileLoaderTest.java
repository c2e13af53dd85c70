package mse.cluster.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileLoaderTest {

    /** Line numbers below refer to this text (line 1 is "network {"). */
    private static final String VALID = """
            network {
              name = "test-net"
              source = "unit test"
              latency-us = 50.0
              gap-us = 0
              gap-per-byte-us = 0.0268
              sync-threshold-bytes = 0
              send-overhead { base-us = 12.1, per-process-us = 0.182, per-byte-us = 0.0708 }
              recv-overhead { base-us = 12.1, per-process-us = 0.182, per-byte-us = 0.0722 }
            }
            cpu { speed-ratio = 1.0 }
            """;

    @Test
    void mpichPresetIsTable2MseRow() {
        TargetProfile profile = ProfileLoader.load("mpich-fast-ethernet");
        NetworkProfile net = profile.network();
        assertEquals("mpich-fast-ethernet", net.name());
        assertEquals(50.0, net.latencyMicros());
        assertEquals(0.0268, net.gapPerByteMicros());
        assertEquals(0, net.syncThresholdBytes());
        assertEquals(new NetworkProfile.Overhead(12.1, 0.182, 0.0708), net.sendOverhead());
        assertEquals(new NetworkProfile.Overhead(12.1, 0.182, 0.0722), net.recvOverhead());
        assertEquals(1.0, profile.cpu().speedRatio());
        // seed 001 section 3: "for k = 1, o doubles when P increases from 2 to 66 processors"
        double o2 = net.recvOverhead().micros(2, 1);
        double o66 = net.recvOverhead().micros(66, 1);
        assertEquals(2.0, o66 / o2, 0.1, "roughly doubles");
    }

    @Test
    void loggpsPresetIsTable2LogGpsRow() {
        NetworkProfile net = ProfileLoader.load("loggps-fast-ethernet").network();
        assertEquals(50.0, net.latencyMicros());
        assertEquals(0.0268, net.gapPerByteMicros());
        assertEquals(new NetworkProfile.Overhead(13.0, 0.0, 0.0706), net.sendOverhead());
        assertEquals(new NetworkProfile.Overhead(13.0, 0.0, 0.0723), net.recvOverhead());
        assertEquals(net.sendOverhead().micros(8, 1), net.sendOverhead().micros(64, 1), "no P term");
    }

    @Test
    void presetNamesListsBoth() {
        assertEquals(java.util.List.of("mpich-fast-ethernet", "loggps-fast-ethernet"), ProfileLoader.presetNames());
    }

    @Test
    void unknownPresetListsTheAvailableOnes() {
        ProfileException e = assertThrows(ProfileException.class, () -> ProfileLoader.load("gigabit"));
        assertTrue(e.getMessage().contains("\"gigabit\""), e.getMessage());
        assertTrue(e.getMessage().contains("mpich-fast-ethernet, loggps-fast-ethernet"), e.getMessage());
    }

    @Test
    void validTextParses() {
        TargetProfile profile = ProfileLoader.parse(VALID, "mse.conf");
        assertEquals("test-net", profile.network().name());
        assertEquals("mse.conf", profile.origin());
    }

    @Test
    void collectivesAreBinomialUnlessTheProfileSaysLinear() {
        assertEquals(CollectiveAlgorithm.BINOMIAL, ProfileLoader.parse(VALID, "mse.conf").collectives());
        TargetProfile linear = ProfileLoader.parse(VALID + "mpi { collectives = linear }\n", "mse.conf");
        assertEquals(CollectiveAlgorithm.LINEAR, linear.collectives());
        assertEquals(CollectiveAlgorithm.LINEAR, linear.withCpu(new CpuProfile(2.0)).collectives());
    }

    @Test
    void anUnknownCollectiveAlgorithmNamesFileLineKeyAndTheValidOnes() {
        assertEquals("mse.conf:12: mpi.collectives: unknown collective algorithm \"ring\"; expected one of binomial, linear",
                failure(VALID + "mpi { collectives = ring }\n"));
        assertTrue(failure(VALID + "mpi { tree = linear }\n").startsWith("mse.conf:12: mpi.tree: unknown key"));
    }

    @Test
    void theNetworkModelIsLogGpsUnlessTheProfileNamesAnother() {
        assertEquals(NetworkModelName.LOGGPS, ProfileLoader.parse(VALID, "mse.conf").network().model(), "absent: the default");
        String named = VALID.replace("  gap-us = 0\n", "  gap-us = 0\n  model = loggps\n");
        assertEquals(NetworkModelName.LOGGPS, ProfileLoader.parse(named, "mse.conf").network().model());
        assertEquals(NetworkModelName.LOGGPS, ProfileLoader.load("mpich-fast-ethernet").network().model());
    }

    @Test
    void theBurstIsZeroUnlessTheProfileGivesOneAndMustBeAWholeNumberOfBytes() {
        assertEquals(0, ProfileLoader.parse(VALID, "mse.conf").network().burstBytes(), "absent: no burst");
        assertEquals(1600, ProfileLoader.parse(VALID.replace("  gap-us = 0\n", "  gap-us = 0\n  burst-bytes = 1600\n"),
                "mse.conf").network().burstBytes());
        assertEquals("mse.conf:6: network.burst-bytes: expected a whole number >= 0, got -1",
                failure(VALID.replace("  gap-us = 0\n", "  gap-us = 0\n  burst-bytes = -1\n")));
        assertEquals("mse.conf:6: network.burst-bytes: expected a whole number >= 0, got 1.5",
                failure(VALID.replace("  gap-us = 0\n", "  gap-us = 0\n  burst-bytes = 1.5\n")));
    }

    @Test
    void anUnknownNetworkModelNamesFileLineKeyAndTheValidOnes() {
        assertEquals("mse.conf:6: network.model: unknown network model \"logp\"; expected one of loggps",
                failure(VALID.replace("  gap-us = 0\n", "  gap-us = 0\n  model = logp\n")));
        assertEquals("mse.conf:6: network.model: expected a string, got [1]",
                failure(VALID.replace("  gap-us = 0\n", "  gap-us = 0\n  model = [1]\n")));
    }

    @Test
    void nonNumericValueNamesFileLineAndKeyPath() {
        String text = VALID.replace("latency-us = 50.0", "latency-us = \"fast\"");
        assertEquals("mse.conf:4: network.latency-us: expected a number >= 0, got \"fast\"", failure(text));
    }

    @Test
    void negativeValue() {
        String text = VALID.replace("per-byte-us = 0.0722", "per-byte-us = -0.0722");
        assertEquals("mse.conf:9: network.recv-overhead.per-byte-us: expected a number >= 0, got -0.0722",
                failure(text));
    }

    @Test
    void missingKeyPointsAtTheEnclosingObject() {
        String text = VALID.replace("  gap-us = 0\n", "");
        assertEquals("mse.conf:1: network.gap-us: missing", failure(text));
        String noCpu = VALID.replace("cpu { speed-ratio = 1.0 }\n", "");
        assertTrue(failure(noCpu).endsWith(": cpu: missing"), failure(noCpu));
    }

    @Test
    void unknownKey() {
        String text = VALID.replace("gap-us = 0", "gap_us = 0");
        String message = failure(text);
        assertTrue(message.startsWith("mse.conf:5: network.gap_us: unknown key; expected one of ["), message);
        String nested = VALID.replace("cpu { speed-ratio = 1.0 }", "cpu { speed-ratio = 1.0, cores = 4 }");
        assertTrue(failure(nested).startsWith("mse.conf:11: cpu.cores: unknown key"), failure(nested));
    }

    @Test
    void zeroSpeedRatio() {
        String text = VALID.replace("speed-ratio = 1.0", "speed-ratio = 0");
        assertEquals("mse.conf:11: cpu.speed-ratio: expected a number > 0, got 0", failure(text));
    }

    @Test
    void fractionalSyncThreshold() {
        String text = VALID.replace("sync-threshold-bytes = 0", "sync-threshold-bytes = 1.5");
        assertEquals("mse.conf:7: network.sync-threshold-bytes: expected a whole number >= 0, got 1.5",
                failure(text));
    }

    @Test
    void overheadMustBeAnObject() {
        String text = VALID.replace(
                "send-overhead { base-us = 12.1, per-process-us = 0.182, per-byte-us = 0.0708 }", "send-overhead = 12");
        assertEquals("mse.conf:8: network.send-overhead: expected an object { ... }, got 12", failure(text));
    }

    @Test
    void malformedHoconNamesFileAndLine() {
        String text = VALID.replace("gap-us = 0", "gap-us = = {");
        String message = failure(text);
        assertTrue(message.startsWith("mse.conf:5: "), message);
    }

    @Test
    void fileErrorsNameTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mse.conf");
        Files.writeString(file, VALID.replace("latency-us = 50.0", "latency-us = fast"));
        ProfileException e = assertThrows(ProfileException.class, () -> ProfileLoader.load(file.toString()));
        assertEquals(file + ":4: network.latency-us: expected a number >= 0, got \"fast\"", e.getMessage());
    }

    @Test
    void missingFile(@TempDir Path dir) {
        Path file = dir.resolve("absent.conf");
        ProfileException e = assertThrows(ProfileException.class, () -> ProfileLoader.load(file.toString()));
        assertTrue(e.getMessage().startsWith(file + ": cannot read profile"), e.getMessage());
    }

    @Test
    void cpuOverrideKeepsTheNetwork() {
        TargetProfile profile = ProfileLoader.load("mpich-fast-ethernet").withCpu(new CpuProfile(2.0));
        assertEquals(2.0, profile.cpu().speedRatio());
        assertEquals("mpich-fast-ethernet", profile.network().name());
    }

    private static String failure(String text) {
        return assertThrows(ProfileException.class, () -> ProfileLoader.parse(text, "mse.conf")).getMessage();
    }
}
