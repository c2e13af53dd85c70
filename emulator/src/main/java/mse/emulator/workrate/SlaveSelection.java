package mse.emulator.workrate;

import java.util.ArrayList;
import java.util.List;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridHost;

/**
 * Slave selection by simulation, seed 002 (002_a91b5601aca36903.txt) section 4.6, Fig. 3: start from the
 * chosen master m and Found(m); simulate; while the simulated rate S is below the model's rate R and
 * some slave idles, add a host whose path to m (every network on it, and m's processor) still has
 * simulated capacity to spare, and simulate again; stop when the rate stops improving (S' = S) or no host
 * can be added. One host is added per round, in Fig. 2's order (m's local network first, then the
 * largest W_SlaveCPU), which keeps the added set minimal.
 */
public record SlaveSelection(String master, double modelRate, List<Round> rounds, List<String> slaves, double simulatedRate) {

    /** A slave idles, or a resource has capacity to spare, when its busy fraction is below 1 - this. */
    public static final double SPARE = 0.01;

    /** One simulation of the loop: the slaves used and the rate the simulator gave. */
    public record Round(List<String> slaves, double simulatedRate, boolean kept) {
    }

    public static SlaveSelection of(Grid grid, MasterCandidate best, long tasks) {
        String m = best.master();
        List<String> found = new ArrayList<>(best.found());
        GridSimulation.Outcome s = GridSimulation.run(grid, m, found, tasks);
        List<Round> rounds = new ArrayList<>(List.of(new Round(List.copyOf(found), s.rate(), true)));
        while (s.rate() < best.appRate() * (1 - 1e-9) && anyIdle(s)) {
            String added = nextHost(grid, m, found, s);
            if (added == null) {
                break;
            }
            List<String> more = new ArrayList<>(found);
            more.add(added);
            GridSimulation.Outcome next = GridSimulation.run(grid, m, more, tasks);
            boolean improved = next.rate() > s.rate() * (1 + 1e-9);
            rounds.add(new Round(List.copyOf(more), next.rate(), improved));
            if (!improved) {
                break;
            }
            found = more;
            s = next;
        }
        return new SlaveSelection(m, best.appRate(), List.copyOf(rounds), List.copyOf(found), s.rate());
    }

    private static boolean anyIdle(GridSimulation.Outcome s) {
        return s.slaveUtilization().values().stream().anyMatch(u -> u < 1 - SPARE);
    }

    /** The first unused host, in Fig. 2's order, whose whole path to the master has spare capacity. */
    private static String nextHost(Grid grid, String master, List<String> used, GridSimulation.Outcome s) {
        if (s.masterUtilization() >= 1 - SPARE) {
            return null;
        }
        for (GridHost candidate : SlaveOrder.all(grid, master)) {
            if (used.contains(candidate.name())) {
                continue;
            }
            boolean spare = grid.path(candidate.name(), master).stream()
                    .allMatch(net -> s.networkUtilization().get(net) < 1 - SPARE);
            if (spare) {
                return candidate.name();
            }
        }
        return null;
    }
}
