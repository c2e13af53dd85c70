package mse.cluster.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.cluster.profiles.ProfileException;
import org.junit.jupiter.api.Test;

class GridLoaderTest {

    /** Line numbers below refer to this text (line 1 is "grid {"). */
    private static final String VALID = """
            grid {
              task-transfer-bytes = 40000
              networks = [
                { name = lan1, capacity = 900 }
                { name = lan2, bandwidth = 16000000 }
                { name = wan, capacity = 120, connects = [lan1, lan2] }
              ]
              hosts = [
                { name = n1, network = lan1, w-slave = 35, w-master = 300 }
                { name = n2, network = lan2, slave-task-seconds = 0.02, master-task-seconds = 0.004, availability = 0.9 }
              ]
            }
            """;

    @Test
    void capacitiesComeFromSeed002Equations6To8() {
        Grid grid = GridLoader.parse(VALID, "g.conf");
        assertEquals(400, grid.network("lan2").capacity(), 1e-9, "eq. 8: 16e6 B/s / 40000 B");
        assertEquals(45, grid.host("n2").slaveCapacity(), 1e-9, "eq. 6: 0.9 / 0.02 s");
        assertEquals(225, grid.host("n2").masterCapacity(), 1e-9, "eq. 7: 0.9 / 0.004 s");
        assertEquals(List.of("lan2", "wan", "lan1"), grid.path("n2", "n1"));
        assertEquals(List.of("lan1"), grid.path("n1", "n1"));
    }

    @Test
    void unknownNetworkNamesFileLineAndKey() {
        String text = VALID.replace("{ name = n2, network = lan2,", "{ name = n2, network = lan3,");
        ProfileException e = assertThrows(ProfileException.class, () -> GridLoader.parse(text, "g.conf"));
        assertTrue(e.getMessage().startsWith("g.conf:10: grid.hosts[1].network: unknown network lan3"), e.getMessage());
    }

    @Test
    void unknownNetworkInALink() {
        String text = VALID.replace("connects = [lan1, lan2]", "connects = [lan1, lan9]");
        ProfileException e = assertThrows(ProfileException.class, () -> GridLoader.parse(text, "g.conf"));
        assertTrue(e.getMessage().startsWith("g.conf:6: grid.networks[2].connects: unknown network lan9"), e.getMessage());
    }

    @Test
    void disconnectedHostNamesFileLineAndKey() {
        String text = VALID.replace("    { name = wan, capacity = 120, connects = [lan1, lan2] }\n", "");
        ProfileException e = assertThrows(ProfileException.class, () -> GridLoader.parse(text, "g.conf"));
        assertTrue(e.getMessage().startsWith("g.conf:9: grid.hosts[1].network: host n2 is disconnected"), e.getMessage());
    }

    @Test
    void unknownKeyNamesFileLineAndKey() {
        String text = VALID.replace("w-master = 300 }", "w-master = 300, speed = 3 }");
        ProfileException e = assertThrows(ProfileException.class, () -> GridLoader.parse(text, "g.conf"));
        assertTrue(e.getMessage().startsWith("g.conf:9: grid.hosts[0].speed: unknown key"), e.getMessage());
    }

    @Test
    void otherMistakes() {
        assertMessage(VALID.replace("task-transfer-bytes = 40000\n", ""),
                "grid.networks[1].bandwidth: bandwidth needs grid.task-transfer-bytes");
        assertMessage(VALID.replace("w-slave = 35, w-master = 300", "w-slave = 35, slave-task-seconds = 1"),
                "host n1: give w-slave and w-master");
        assertMessage(VALID.replace("network = lan1, w-slave", "network = wan, w-slave"),
                "grid.hosts[0].network: wan is a link");
        assertMessage(VALID.replace("availability = 0.9", "availability = 1.5"),
                "grid.hosts[1].availability: expected a fraction in (0, 1]");
        assertMessage(VALID.replace("{ name = lan2, bandwidth", "{ name = lan1, bandwidth"),
                "grid.networks[1].name: duplicate network name lan1");
        assertMessage(VALID.replace("    { name = wan, capacity = 120, connects = [lan1, lan2] }\n",
                        "    { name = wan, capacity = 120, connects = [lan1, lan2] }\n    { name = wan2, capacity = 5, connects = [lan2, lan1] }\n"),
                "grid.networks[3].connects: link wan2 closes a cycle");
        assertMessage(VALID.replace("capacity = 900", "capacity = -1"), "grid.networks[0].capacity: expected a number > 0");
    }

    private static void assertMessage(String text, String expected) {
        ProfileException e = assertThrows(ProfileException.class, () -> GridLoader.parse(text, "g.conf"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("g.conf:"), e.getMessage());
    }
}
