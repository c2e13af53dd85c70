package mse.emulator.workrate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridHost;
import mse.cluster.grid.GridNetwork;

/**
 * The work-rate model as a maximum-flow problem, seed 002 (002_a91b5601aca36903.txt) section 2: the
 * slaves are sources, master m the sink, and the flows SlaveRate(m, s) respect
 * (3) sum SlaveRate <= W_MasterCPU(m), (4) SlaveRate(m, s) <= W_SlaveCPU(s) and
 * (5) for every network n, the sum over ShareNet(G, S, m, n) <= W_Net(n).
 * Each network becomes an in -> out edge of capacity W_Net (node capacities by splitting), every slave
 * an edge from the source, the master an edge to the sink. Source edges are added in Fig. 2's order so
 * that, where several optimal splits exist, the flow prefers the slaves Fig. 2 would pick.
 */
public final class WorkRateModel {

    private WorkRateModel() {
    }

    /** The best rates for master `master` using any subset of the other hosts. */
    public static MasterCandidate forMaster(Grid grid, String master) {
        GridHost m = grid.host(master);
        Map<String, Integer> networkIn = new HashMap<>();
        List<GridNetwork> networks = grid.networks();
        int hosts = grid.hosts().size();
        // nodes: 0 source, 1 sink, 2.. hosts, then two per network (in, out)
        int firstNetwork = 2 + hosts;
        for (int i = 0; i < networks.size(); i++) {
            networkIn.put(networks.get(i).name(), firstNetwork + 2 * i);
        }
        MaxFlow flow = new MaxFlow(firstNetwork + 2 * networks.size());
        for (GridNetwork net : networks) {
            int in = networkIn.get(net.name());
            flow.addEdge(in, in + 1, net.capacity());
        }
        flow.addEdge(networkIn.get(m.network()) + 1, 1, m.masterCapacity());
        Set<String> hops = new HashSet<>();
        Map<String, Integer> sourceEdge = new HashMap<>();
        List<GridHost> order = SlaveOrder.all(grid, master);
        for (GridHost slave : order) {
            int node = 2 + grid.hosts().indexOf(slave);
            sourceEdge.put(slave.name(), flow.addEdge(0, node, slave.slaveCapacity()));
            List<String> path = grid.path(slave.name(), master);
            flow.addEdge(node, networkIn.get(path.get(0)), Double.POSITIVE_INFINITY);
            for (int i = 0; i + 1 < path.size(); i++) {
                if (hops.add(path.get(i) + "->" + path.get(i + 1))) {
                    flow.addEdge(networkIn.get(path.get(i)) + 1, networkIn.get(path.get(i + 1)), Double.POSITIVE_INFINITY);
                }
            }
        }
        double appRate = flow.run(0, 1);
        Map<String, Double> rates = new LinkedHashMap<>();
        for (GridHost host : grid.hosts()) {
            Integer edge = sourceEdge.get(host.name());
            rates.put(host.name(), edge == null ? 0.0 : clean(flow.flow(edge)));
        }
        return new MasterCandidate(master, m.masterCapacity(), rates, clean(appRate));
    }

    /** Rounding noise of the augmentations (1e-12 tasks/s) is not a rate. */
    static double clean(double rate) {
        return Math.abs(rate) < MaxFlow.EPSILON ? 0.0 : rate;
    }
}
