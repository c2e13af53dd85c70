package mse.mpi.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;
import mse.cluster.hosts.HostCpus;
import mse.cluster.hosts.Hostfile;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.mpi.launch.Cluster;
import mse.mpi.launch.HostNetwork;
import org.junit.jupiter.api.Test;

/**
 * On several hosts a rank's computation is charged at its host's CPU ratio, so where ranks are placed (the
 * hostfile) and each host's ratio (--host-cpu) change a prediction: a sweep resumed with either changed must not
 * reuse its points. On one machine the identity has no host keys (a sweep begun before several hosts existed
 * still resumes).
 */
class SweepIdentityTest {

    private static final TargetProfile TARGET = ProfileLoader.preset("mpich-fast-ethernet");
    private static final Hostfile HOSTS = Hostfile.parse("node1 slots=2\nnode2 slots=2\n", "hostfile");

    private static Map<String, String> identity(Cluster cluster) {
        return SweepIdentity.of(List.of(), TARGET, new TaskCost.PerIteration(10), false, cluster).options();
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
    void aLogGpsProfileHashesAsBeforeProfilesNamedTheirModel() {
        // the hash of the preset from before network.model existed: sweeps begun then still resume
        assertEquals("8897e724e5904486", identity(Cluster.THIS_MACHINE_ONLY).get(SweepIdentity.PROFILE_CONTENT));
    }
}
