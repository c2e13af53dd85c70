package mse.mpi.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.cluster.hosts.HostCpus;
import mse.cluster.hosts.Hostfile;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.emulator.report.Json;
import mse.mpi.launch.Cluster;
import mse.mpi.launch.HostNetwork;
import mse.mpi.options.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On several hosts a rank's computation is charged at its host's CPU ratio, so where ranks are placed (the
 * hostfile) and each host's ratio (--host-cpu) change a prediction: a sweep resumed with either changed must not
 * reuse its points. On one machine the identity has no host keys (a sweep begun before several hosts existed
 * still resumes). A link's burst changes predictions too, so two profiles that differ only in burst-bytes do not
 * resume each other's sweeps.
 */
class SweepIdentityTest {

    private static final TargetProfile TARGET = ProfileLoader.preset("mpich-fast-ethernet");
    private static final Hostfile HOSTS = Hostfile.parse("node1 slots=2\nnode2 slots=2\n", "hostfile");

    private static Map<String, String> identity(Cluster cluster) {
        return SweepIdentity.of(List.of(), TARGET, new TaskCost.PerIteration(10), false, cluster).options();
    }

    private static SweepIdentity identity(TargetProfile target) {
        return SweepIdentity.of(List.of(), target, new TaskCost.PerIteration(10), false, Cluster.THIS_MACHINE_ONLY);
    }

    private static Cluster onHosts(Hostfile hosts, String hostCpu) {
        return new Cluster(hosts, HostNetwork.LOOPBACK, HostCpus.parse(hostCpu, "hosts.conf", hosts));
    }

    @Test
    void oneMachineRecordsNoHosts() {
        Map<String, String> keys = identity(Cluster.THIS_MACHINE_ONLY);
        assertFalse(keys.containsKey("--hostfile"));
        assertFalse(keys.containsKey("--host-cpu"));
    }

    @Test
    void theHostsAndTheirCpuRatiosArePartOfTheIdentity() {
        Map<String, String> slow = identity(onHosts(HOSTS, "hosts = [ { name = node2, cpu { speed-ratio = 0.5 } } ]"));
        assertEquals("node1:2 node2:2", slow.get("--hostfile"));
        assertEquals("node2=0.5", slow.get("--host-cpu"));
        assertEquals(slow, identity(onHosts(HOSTS, "hosts = [ { name = node2, cpu { speed-ratio = 0.5 } } ]")));
        assertNotEquals(slow, identity(onHosts(HOSTS, "hosts = [ { name = node2, cpu { speed-ratio = 2.0 } } ]")));
        assertNotEquals(slow, identity(onHosts(HOSTS, "hosts = []")));
        Hostfile swapped = Hostfile.parse("node2 slots=2\nnode1 slots=2\n", "hostfile");
        assertNotEquals(slow, identity(onHosts(swapped, "hosts = [ { name = node2, cpu { speed-ratio = 0.5 } } ]")),
                "ranks 0 and 1 move to the slow host");
    }

    @Test
    void aLinkBurstIsPartOfTheIdentity(@TempDir Path dir) throws IOException {
        String profile = """
                network {
                  name = "shaped"
                  source = "a shaped link, calibrated"
                  latency-us = 50.0
                  gap-us = 0
                  gap-per-byte-us = 0.08
                  sync-threshold-bytes = 0
                  send-overhead { base-us = 12.1, per-process-us = 0.182, per-byte-us = 0.0708 }
                  recv-overhead { base-us = 12.1, per-process-us = 0.182, per-byte-us = 0.0722 }
                }
                cpu { speed-ratio = 1.0 }
                """;
        SweepIdentity plain = identity(ProfileLoader.parse(profile, "shaped.conf"));
        SweepIdentity bursty = identity(ProfileLoader.parse(
                profile.replace("  gap-us = 0\n", "  gap-us = 0\n  burst-bytes = 16384\n"), "shaped.conf"));
        assertNotEquals(plain.options().get(SweepIdentity.PROFILE_CONTENT), bursty.options().get(SweepIdentity.PROFILE_CONTENT));

        // the sweep of the profile without a burst, as summary.json records it: the other profile must not resume it
        Json.write(dir.resolve("summary.json"), Map.of("command", "sweep", "sameFor", plain, "points", List.of()));
        assertTrue(SweepResume.finishedPoints(dir, plain).isEmpty(), "the same profile resumes its sweep");
        BadInputException refused = assertThrows(BadInputException.class, () -> SweepResume.finishedPoints(dir, bursty));
        assertTrue(refused.getMessage().contains("profile content was "), refused.getMessage());
    }

    @Test
    void aLogGpsProfileHashesAsBeforeProfilesNamedTheirModel() {
        // the hash of the preset from before network.model existed: sweeps begun then still resume
        assertEquals("8897e724e5904486", identity(Cluster.THIS_MACHINE_ONLY).get(SweepIdentity.PROFILE_CONTENT));
    }
}
