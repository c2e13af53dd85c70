package mse.cluster.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mse.cluster.profiles.NetworkProfile.Overhead;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileWriterTest {

    @TempDir
    Path tmp;

    @Test
    void writtenProfileLoadsBackToTheSameValues() throws Exception {
        NetworkProfile network = new NetworkProfile("calibrated \"tcp\"", "mse calibrate, 2024", 6.123456789012,
                0, 0.000123456789, 4096, new Overhead(1.5, 0, 0.00031), new Overhead(2.25, 0.0417, 1e-7));
        TargetProfile profile = new TargetProfile(network, new CpuProfile(1.25), "test");
        Path file = tmp.resolve("fitted.conf");
        Files.writeString(file, ProfileWriter.render(profile, List.of("fitted from 10,000 round trips",
                "np size  measured  fitted\n 2   1     13.1    13.0")));

        TargetProfile back = ProfileLoader.load(file.toString());
        NetworkProfile n = back.network();
        assertEquals(network.name(), n.name());
        assertEquals(network.source(), n.source());
        assertEquals(network.latencyMicros(), n.latencyMicros(), 1e-8);
        assertEquals(network.gapPerByteMicros(), n.gapPerByteMicros(), 1e-12);
        assertEquals(4096, n.syncThresholdBytes());
        assertEquals(network.sendOverhead(), n.sendOverhead());
        assertEquals(network.recvOverhead().perByteMicros(), n.recvOverhead().perByteMicros(), 1e-15);
        assertEquals(network.recvOverhead().perProcessMicros(), n.recvOverhead().perProcessMicros(), 1e-12);
        assertEquals(1.25, back.cpu().speedRatio());
        assertTrue(Files.readString(file).startsWith("# fitted from 10,000 round trips\n"));
        assertTrue(Files.readString(file).contains("\n  model = loggps"), "the model is written, not left to the default");
        assertEquals(NetworkModelName.LOGGPS, n.model());
    }

    @Test
    void aBurstIsWrittenAndReadBackAndNoneLeavesTheKeyOut() {
        NetworkProfile plain = ProfileLoader.preset("mpich-fast-ethernet").network();
        String none = ProfileWriter.render(new TargetProfile(plain, new CpuProfile(1.0), "test"), List.of());
        assertTrue(!none.contains("burst-bytes"), "a profile without a burst reads as before");
        String burst = ProfileWriter.render(new TargetProfile(plain.withBurstBytes(1600), new CpuProfile(1.0), "test"), List.of());
        assertEquals(1600, ProfileLoader.parse(burst, "x").network().burstBytes());
    }

    @Test
    void aLinearCollectiveAlgorithmIsWrittenAndReadBack() {
        TargetProfile linear = new TargetProfile(ProfileLoader.preset("mpich-fast-ethernet").network(), new CpuProfile(1.0),
                "test", CollectiveAlgorithm.LINEAR);
        assertEquals(CollectiveAlgorithm.LINEAR, ProfileLoader.parse(ProfileWriter.render(linear, List.of()), "x").collectives());
    }

    @Test
    void numbersArePlainDecimals() {
        assertEquals("0.0000001", ProfileWriter.number(1e-7));
        assertEquals("50", ProfileWriter.number(50.0));
        assertEquals("0", ProfileWriter.number(0.0));
    }
}
