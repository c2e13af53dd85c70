package mse.emulator.workrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridHost;
import mse.cluster.grid.GridNetwork;
import org.junit.jupiter.api.Test;

/**
 * The maximum flow against brute force on small random trees: by max-flow/min-cut, AppRate(m) equals the
 * cheapest set of resources (slave processors, networks, the master processor) whose removal cuts every
 * slave off from m, found here by trying every subset. The greedy Fig. 2 of seed 002 is checked against
 * the same number: on these trees (local networks joined by links) both always reach the maximum, because
 * the constraints (3)-(5) are nested along tree paths (a laminar family), where any maximal feasible set of
 * rates has the same total; only the split between slaves may differ.
 */
class MaxFlowBruteForceTest {

    @Test
    void maxFlowEqualsMinCutAndGreedyOnRandomTrees() {
        Random random = new Random(20240501L);
        int splitsDiffered = 0;
        for (int trial = 0; trial < 300; trial++) {
            Grid grid = randomTree(random);
            for (GridHost master : grid.hosts()) {
                double expected = bruteForceMinCut(grid, master.name());
                MasterCandidate flow = WorkRateModel.forMaster(grid, master.name());
                MasterCandidate greedy = GreedyMasterSelection.forMaster(grid, master.name());
                assertEquals(expected, flow.appRate(), 1e-6, "trial " + trial + " master " + master.name() + " " + grid);
                assertEquals(expected, greedy.appRate(), 1e-6, "greedy, trial " + trial + " master " + master.name() + " " + grid);
                assertEquals(flow.appRate(), flow.slaveRates().values().stream().mapToDouble(Double::doubleValue).sum(), 1e-6);
                if (!flow.sameRates(greedy, 1e-6)) {
                    splitsDiffered++;
                }
            }
        }
        System.out.println("max flow vs Fig. 2: same AppRate in every case; different split in " + splitsDiffered + " cases");
    }

    /** 1-3 local networks joined into a tree by links, 2-5 hosts, integer capacities. */
    static Grid randomTree(Random random) {
        int lans = 1 + random.nextInt(3);
        List<GridNetwork> networks = new ArrayList<>();
        for (int i = 0; i < lans; i++) {
            networks.add(new GridNetwork("lan" + i, 1 + random.nextInt(30), List.of()));
        }
        for (int i = 1; i < lans; i++) {
            // a link joins lan i to one earlier lan, so the networks form a tree
            List<String> connects = new ArrayList<>(List.of("lan" + random.nextInt(i), "lan" + i));
            networks.add(new GridNetwork("link" + i, 1 + random.nextInt(30), connects));
        }
        List<GridHost> hosts = new ArrayList<>();
        int count = 2 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            hosts.add(new GridHost("h" + i, "lan" + random.nextInt(lans), 1 + random.nextInt(20), 1 + random.nextInt(40)));
        }
        return new Grid(networks, hosts, "random");
    }

    /** Resources: index 0..H-1 slave CPUs (except the master), H..H+N-1 networks, H+N the master CPU. */
    static double bruteForceMinCut(Grid grid, String master) {
        List<GridHost> hosts = grid.hosts();
        List<GridNetwork> networks = grid.networks();
        int resources = hosts.size() + networks.size() + 1;
        double best = Double.POSITIVE_INFINITY;
        for (int mask = 0; mask < (1 << resources); mask++) {
            if (cutsEverySlave(grid, master, mask)) {
                double cost = 0;
                for (int r = 0; r < resources; r++) {
                    if ((mask & (1 << r)) != 0) {
                        cost += capacity(grid, master, r);
                    }
                }
                best = Math.min(best, cost);
            }
        }
        return best;
    }

    private static boolean cutsEverySlave(Grid grid, String master, int mask) {
        List<GridHost> hosts = grid.hosts();
        int masterBit = hosts.size() + grid.networks().size();
        if ((mask & (1 << masterBit)) != 0) {
            return true;
        }
        for (int h = 0; h < hosts.size(); h++) {
            String name = hosts.get(h).name();
            if (name.equals(master) || (mask & (1 << h)) != 0) {
                continue;
            }
            Set<String> removed = new HashSet<>();
            for (int n = 0; n < grid.networks().size(); n++) {
                if ((mask & (1 << (hosts.size() + n))) != 0) {
                    removed.add(grid.networks().get(n).name());
                }
            }
            if (grid.path(name, master).stream().noneMatch(removed::contains)) {
                return false;
            }
        }
        return true;
    }

    private static double capacity(Grid grid, String master, int r) {
        int hosts = grid.hosts().size();
        if (r < hosts) {
            GridHost host = grid.hosts().get(r);
            return host.name().equals(master) ? 0 : host.slaveCapacity();
        }
        if (r < hosts + grid.networks().size()) {
            return grid.networks().get(r - hosts).capacity();
        }
        return grid.host(master).masterCapacity();
    }
}
