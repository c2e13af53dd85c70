package mse.emulator.workrate;

import java.util.Comparator;
import java.util.List;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridHost;

/**
 * The order in which seed 002 (002_a91b5601aca36903.txt) Fig. 2 considers slaves for master m: hosts on
 * m's local network first, then the others; within each group the largest W_SlaveCPU first, ties in
 * file order.
 */
final class SlaveOrder {

    private SlaveOrder() {
    }

    static List<GridHost> local(Grid grid, String master) {
        String lan = grid.host(master).network();
        return sorted(grid.hosts().stream().filter(h -> !h.name().equals(master) && h.network().equals(lan)).toList());
    }

    static List<GridHost> remote(Grid grid, String master) {
        String lan = grid.host(master).network();
        return sorted(grid.hosts().stream().filter(h -> !h.network().equals(lan)).toList());
    }

    static List<GridHost> all(Grid grid, String master) {
        List<GridHost> all = new java.util.ArrayList<>(local(grid, master));
        all.addAll(remote(grid, master));
        return all;
    }

    private static List<GridHost> sorted(List<GridHost> hosts) {
        // List.sort is stable, so equal capacities keep file order.
        List<GridHost> copy = new java.util.ArrayList<>(hosts);
        copy.sort(Comparator.comparingDouble(GridHost::slaveCapacity).reversed());
        return copy;
    }
}
