package mse.emulator.workrate;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridHost;

/**
 * The paper's own algorithm, seed 002 (002_a91b5601aca36903.txt) section 4.2, Fig. 2, kept beside the
 * maximum flow so the two can be compared: for candidate master p on local network n, add slaves from n
 * (largest W_SlaveCPU first) while CandRate < W_Net(n) and CandRate < W_MasterCPU(p), cap the total at
 * W_MasterCPU(p), then add slaves from other networks, each with the fraction F that keeps every network
 * on its path within capacity.
 * <p>
 * Two readings where Fig. 2 is loose: (a) the first loop caps only the total at W_MasterCPU; the excess is
 * taken off the last local slaves added, so the slave rates still add up to CandRate; (b) the second loop
 * as printed never checks W_MasterCPU when sizing F, yet Table 2's row D (A gives 40, not 50) needs it, and
 * section 4.2 says slaves are added "until no further additions are possible without exceeding one of
 * the resource capacities", so F is also capped by W_MasterCPU(p) - CandRate. Slaves whose F is 0 are
 * skipped, not added to Found(p).
 */
public final class GreedyMasterSelection {

    private GreedyMasterSelection() {
    }

    public static MasterCandidate forMaster(Grid grid, String master) {
        GridHost p = grid.host(master);
        String lan = p.network();
        double wNet = grid.network(lan).capacity();
        double wMaster = p.masterCapacity();
        Map<String, Double> netUtil = new HashMap<>();
        Map<String, Double> found = new LinkedHashMap<>();
        double candRate = 0;
        for (GridHost s : SlaveOrder.local(grid, master)) {
            if (!(candRate < wNet && candRate < wMaster)) {
                break;
            }
            double f = Math.min(s.slaveCapacity(), wNet - netUtil.getOrDefault(lan, 0.0));
            if (f > MaxFlow.EPSILON) {
                candRate += f;
                netUtil.merge(lan, f, Double::sum);
                found.put(s.name(), f);
            }
        }
        candRate = trimTo(found, candRate, wMaster);
        netUtil.put(lan, candRate);
        for (GridHost q : SlaveOrder.remote(grid, master)) {
            if (!(candRate < wNet && candRate < wMaster)) {
                break;
            }
            List<String> path = grid.path(q.name(), master);
            double f = Math.min(q.slaveCapacity(), wMaster - candRate);
            for (String net : path) {
                f = Math.min(f, grid.network(net).capacity() - netUtil.getOrDefault(net, 0.0));
            }
            if (f > MaxFlow.EPSILON) {
                candRate += f;
                for (String net : path) {
                    netUtil.merge(net, f, Double::sum);
                }
                found.put(q.name(), f);
            }
        }
        Map<String, Double> rates = new LinkedHashMap<>();
        for (GridHost host : grid.hosts()) {
            rates.put(host.name(), WorkRateModel.clean(found.getOrDefault(host.name(), 0.0)));
        }
        return new MasterCandidate(master, wMaster, rates, WorkRateModel.clean(candRate));
    }

    /** CandRate(p) = min(CandRate(p), W_MasterCPU(p)), taking the excess off the slaves added last. */
    private static double trimTo(Map<String, Double> found, double candRate, double cap) {
        double excess = candRate - cap;
        List<String> lastFirst = new java.util.ArrayList<>(found.keySet());
        java.util.Collections.reverse(lastFirst);
        for (String name : lastFirst) {
            if (excess <= 0) {
                break;
            }
            double cut = Math.min(excess, found.get(name));
            excess -= cut;
            if (found.get(name) - cut > MaxFlow.EPSILON) {
                found.put(name, found.get(name) - cut);
            } else {
                found.remove(name);
            }
        }
        return Math.min(candRate, cap);
    }
}
