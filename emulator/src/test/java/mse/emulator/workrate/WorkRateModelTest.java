package mse.emulator.workrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridLoader;
import org.junit.jupiter.api.Test;

class WorkRateModelTest {

    /** Seed 002 Figure 1 as reconstructed in examples/grid-seed002-fig1.conf (the figure is lost in the text). */
    static final String FIG1 = """
            grid {
              networks = [
                { name = Net1, capacity = 150 }
                { name = Net2, capacity = 100 }
                { name = Net3, capacity = 50, connects = [Net1, Net2] }
              ]
              hosts = [
                { name = A, network = Net1, w-slave = 80, w-master = 200 }
                { name = B, network = Net1, w-slave = 60, w-master = 150 }
                { name = C, network = Net2, w-slave = 50, w-master = 60 }
                { name = D, network = Net2, w-slave = 10, w-master = 90 }
              ]
            }
            """;

    @Test
    void reproducesSeed002Table2() {
        Grid grid = GridLoader.parse(FIG1, "fig1");
        MasterSelection selection = MasterSelection.of(grid);
        // Table 2: master, SlaveRate(m, A..D), AppRate
        assertRates(selection.candidates().get(0).flow(), Map.of("A", 0.0, "B", 60.0, "C", 50.0, "D", 0.0), 110);
        assertRates(selection.candidates().get(1).flow(), Map.of("A", 80.0, "B", 0.0, "C", 50.0, "D", 0.0), 130);
        assertRates(selection.candidates().get(2).flow(), Map.of("A", 50.0, "B", 0.0, "C", 0.0, "D", 10.0), 60);
        assertRates(selection.candidates().get(3).flow(), Map.of("A", 40.0, "B", 0.0, "C", 50.0, "D", 0.0), 90);
        assertEquals("B", selection.best().master(), "section 4.1: processor B is the best choice");
        for (MasterSelection.Comparison c : selection.candidates()) {
            assertFalse(c.splitsDiffer(), "Fig. 2 and the max flow agree on Table 2, master " + c.flow().master());
        }
        assertEquals(1000 / 130.0, selection.best().execTimeSeconds(1000), 1e-9, "eq. 2: Tasks / AppRate");
    }

    @Test
    void masterCpuBoundsTheSum() {
        // constraint (3): three fast slaves on one LAN, master processes only 25 tasks/s
        Grid grid = GridLoader.parse("""
                grid {
                  networks = [ { name = lan, capacity = 1000 } ]
                  hosts = [
                    { name = m, network = lan, w-slave = 1, w-master = 25 }
                    { name = s1, network = lan, w-slave = 10, w-master = 1 }
                    { name = s2, network = lan, w-slave = 10, w-master = 1 }
                    { name = s3, network = lan, w-slave = 10, w-master = 1 }
                  ]
                }""", "t");
        MasterCandidate m = WorkRateModel.forMaster(grid, "m");
        assertEquals(25, m.appRate(), 1e-9);
        assertEquals(25, GreedyMasterSelection.forMaster(grid, "m").appRate(), 1e-9);
        // as a slave m gives 1 task/s; s1 as master: 1 task/s master capacity bounds everything
        assertEquals(1, WorkRateModel.forMaster(grid, "s1").appRate(), 1e-9);
    }

    @Test
    void sharedNetworksBoundTheirSlaves() {
        // constraint (5): lan2's two slaves share a 12 tasks/s WAN link, lan2 itself carries 15
        Grid grid = GridLoader.parse("""
                grid {
                  networks = [
                    { name = lan1, capacity = 100 }
                    { name = lan2, capacity = 15 }
                    { name = wan, capacity = 12, connects = [lan1, lan2] }
                  ]
                  hosts = [
                    { name = m, network = lan1, w-slave = 1, w-master = 1000 }
                    { name = a, network = lan1, w-slave = 7, w-master = 1 }
                    { name = b, network = lan2, w-slave = 9, w-master = 100 }
                    { name = c, network = lan2, w-slave = 8, w-master = 1 }
                  ]
                }""", "t");
        MasterCandidate m = WorkRateModel.forMaster(grid, "m");
        // a: 7 (local), b + c <= 12 over the WAN: 7 + 12 = 19
        assertEquals(19, m.appRate(), 1e-9);
        assertEquals(7, m.slaveRates().get("a"), 1e-9);
        assertEquals(9, m.slaveRates().get("b"), 1e-9, "largest slave first, as Fig. 2");
        assertEquals(3, m.slaveRates().get("c"), 1e-9);
        // master b on lan2: c local 8, m and a across the WAN (12) but lan2 carries 15 in all: 8 + 7 = 15
        assertEquals(15, WorkRateModel.forMaster(grid, "b").appRate(), 1e-9);
        assertEquals(15, GreedyMasterSelection.forMaster(grid, "b").appRate(), 1e-9);
    }

    private static void assertRates(MasterCandidate c, Map<String, Double> expected, double appRate) {
        assertEquals(appRate, c.appRate(), 1e-9, "AppRate(" + c.master() + ")");
        expected.forEach((host, rate) -> assertEquals(rate, c.slaveRates().get(host), 1e-9,
                "SlaveRate(" + c.master() + ", " + host + ")"));
    }
}
