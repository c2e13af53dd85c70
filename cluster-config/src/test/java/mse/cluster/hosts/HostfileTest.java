package mse.cluster.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.cluster.profiles.CpuProfile;
import mse.cluster.profiles.ProfileException;
import org.junit.jupiter.api.Test;

class HostfileTest {

    private static final String THREE = """
            # the namespace cluster
            10.0.0.2 slots=2
            10.0.0.3   slots=2 max_slots=4   # comment
            node4
            """;

    @Test
    void readsOpenMpiSyntax() {
        Hostfile hostfile = Hostfile.parse(THREE, "hosts");
        assertEquals(List.of(new Hostfile.Host("10.0.0.2", 2, 2), new Hostfile.Host("10.0.0.3", 2, 3),
                new Hostfile.Host("node4", 1, 4)), hostfile.hosts());
        assertEquals(5, hostfile.slots());
    }

    @Test
    void placesRanksRoundRobinWithinSlots() {
        Hostfile hostfile = Hostfile.parse(THREE, "hosts");
        assertEquals(List.of("10.0.0.2", "10.0.0.3"), hostfile.placeRanks(2));
        assertEquals(List.of("10.0.0.2", "10.0.0.3", "node4", "10.0.0.2", "10.0.0.3"), hostfile.placeRanks(5));
        ProfileException tooMany = assertThrows(ProfileException.class, () -> hostfile.placeRanks(6));
        assertTrue(tooMany.getMessage().contains("6 ranks need 6 slots, the hostfile has 5"), tooMany.getMessage());
    }

    @Test
    void aHostOnSeveralLinesAddsUpItsSlots() {
        assertEquals(List.of(new Hostfile.Host("a", 3, 1)), Hostfile.parse("a slots=1\na slots=2\n", "h").hosts());
    }

    @Test
    void badLinesAreNamed() {
        assertEquals("h:2: 'cpus=4': MSE reads slots=N and max_slots=N only",
                assertThrows(ProfileException.class, () -> Hostfile.parse("a\nb cpus=4\n", "h")).getMessage());
        assertEquals("h:1: slots: expected a whole number >= 1, got 'x'",
                assertThrows(ProfileException.class, () -> Hostfile.parse("a slots=x\n", "h")).getMessage());
        assertTrue(assertThrows(ProfileException.class, () -> Hostfile.parse("# nothing\n", "h")).getMessage()
                .startsWith("h: names no host"));
    }

    @Test
    void hostCpusNameHostsOfTheHostfile() {
        Hostfile hostfile = Hostfile.parse(THREE, "hosts");
        HostCpus cpus = HostCpus.parse("hosts = [ { name = \"10.0.0.3\", cpu { speed-ratio = 2.0 } } ]", "cpus.conf", hostfile);
        assertEquals(new CpuProfile(2.0), cpus.of("10.0.0.3", CpuProfile.SAME_AS_HOST));
        assertEquals(CpuProfile.SAME_AS_HOST, cpus.of("node4", CpuProfile.SAME_AS_HOST));
        ProfileException unknown = assertThrows(ProfileException.class, () -> HostCpus.parse(
                "hosts = [\n  { name = node9, cpu { speed-ratio = 2.0 } }\n]", "cpus.conf", hostfile));
        assertEquals("cpus.conf:2: hosts[0].name: host node9 is not in the hostfile hosts", unknown.getMessage());
        ProfileException zero = assertThrows(ProfileException.class, () -> HostCpus.parse(
                "hosts = [\n  { name = node4, cpu { speed-ratio = 0 } }\n]", "cpus.conf", hostfile));
        assertTrue(zero.getMessage().startsWith("cpus.conf:2: hosts[0].cpu.speed-ratio: expected a number > 0"), zero.getMessage());
    }
}
