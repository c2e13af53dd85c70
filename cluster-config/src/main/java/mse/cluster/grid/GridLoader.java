package mse.cluster.grid;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mse.cluster.profiles.HoconFields;

/**
 * Loads a grid description (HOCON) and validates it like a profile: every problem is a
 * {@link mse.cluster.profiles.ProfileException} "file:line: key.path: what". Capacities are tasks per second, given directly
 * or from the physical inputs of seed 002 (002_a91b5601aca36903.txt) section 3, Table 1 and eq. 6-8:
 * W_SlaveCPU = Avail / T_SlaveCPU, W_MasterCPU = Avail / T_MasterCPU, W_Net = BW_Net / Size_TaskXfer.
 *
 * <pre>
 * grid {
 *   task-transfer-bytes = 40000                       # Size_TaskXfer, used with bandwidth
 *   networks = [
 *     { name = lan1, capacity = 900 }                 # or bandwidth = bytes/s
 *     { name = wan, capacity = 120, connects = [lan1, lan2] }
 *   ]
 *   hosts = [
 *     { name = n1, network = lan1, w-slave = 35, w-master = 300 }
 *     { name = n2, network = lan2, slave-task-seconds = 0.02, master-task-seconds = 0.004, availability = 0.9 }
 *   ]
 * }
 * </pre>
 * The network graph must be a connected tree (the paper's "single path" between a slave and the master).
 */
public final class GridLoader {

    private static final Set<String> TOP_KEYS = Set.of("grid");
    private static final Set<String> GRID_KEYS = Set.of("task-transfer-bytes", "networks", "hosts");
    private static final Set<String> NETWORK_KEYS = Set.of("name", "capacity", "bandwidth", "connects");
    private static final Set<String> HOST_KEYS = Set.of("name", "network", "w-slave", "w-master",
            "slave-task-seconds", "master-task-seconds", "availability");

    private GridLoader() {
    }

    public static Grid load(Path file) {
        return read(HoconFields.file(file));
    }

    public static Grid parse(String text, String source) {
        return read(HoconFields.parse(text, source));
    }

    private static Grid read(HoconFields root) {
        HoconFields grid = root.onlyKeys(TOP_KEYS).object("grid").onlyKeys(GRID_KEYS);
        Double transferBytes = grid.has("task-transfer-bytes") ? grid.positive("task-transfer-bytes") : null;
        Map<String, HoconFields> networkFields = new LinkedHashMap<>();
        List<GridNetwork> networks = new ArrayList<>();
        for (HoconFields fields : grid.objects("networks")) {
            GridNetwork network = network(fields.onlyKeys(NETWORK_KEYS), transferBytes);
            if (networkFields.putIfAbsent(network.name(), fields) != null) {
                throw fields.problem("name", "duplicate network name " + network.name());
            }
            networks.add(network);
        }
        checkLinks(networks, networkFields);
        List<GridHost> hosts = new ArrayList<>();
        Map<String, HoconFields> hostFields = new LinkedHashMap<>();
        for (HoconFields fields : grid.objects("hosts")) {
            GridHost host = host(fields.onlyKeys(HOST_KEYS));
            if (hostFields.putIfAbsent(host.name(), fields) != null) {
                throw fields.problem("name", "duplicate host name " + host.name());
            }
            HoconFields declared = networkFields.get(host.network());
            if (declared == null) {
                throw fields.problem("network", "unknown network " + host.network() + "; declared: " + networkFields.keySet());
            }
            if (declared.has("connects")) {
                throw fields.problem("network", host.network() + " is a link between networks; a host sits on a local network");
            }
            hosts.add(host);
        }
        if (hosts.size() < 2) {
            throw grid.problem("hosts", "a grid needs at least two hosts (a master and a slave), got " + hosts.size());
        }
        Grid result = new Grid(networks, hosts, root.source());
        checkConnected(result, hostFields);
        return result;
    }

    private static GridNetwork network(HoconFields fields, Double transferBytes) {
        String name = fields.text("name");
        boolean capacity = fields.has("capacity");
        if (capacity == fields.has("bandwidth")) {
            throw fields.problemHere("network " + name + ": give exactly one of capacity (tasks/s) or bandwidth (bytes/s)");
        }
        double tasksPerSecond;
        if (capacity) {
            tasksPerSecond = fields.positive("capacity");
        } else {
            if (transferBytes == null) {
                throw fields.problem("bandwidth", "bandwidth needs grid.task-transfer-bytes (W_Net = BW_Net / Size_TaskXfer)");
            }
            tasksPerSecond = fields.positive("bandwidth") / transferBytes;
        }
        List<String> connects = fields.has("connects") ? fields.texts("connects") : List.of();
        if (fields.has("connects") && connects.size() < 2) {
            throw fields.problem("connects", "a link connects at least two local networks, got " + connects);
        }
        return new GridNetwork(name, tasksPerSecond, connects);
    }

    private static GridHost host(HoconFields fields) {
        String name = fields.text("name");
        String network = fields.text("network");
        boolean direct = fields.has("w-slave") || fields.has("w-master");
        boolean physical = fields.has("slave-task-seconds") || fields.has("master-task-seconds");
        if (direct == physical) {
            throw fields.problemHere("host " + name + ": give w-slave and w-master (tasks/s), or slave-task-seconds and"
                    + " master-task-seconds (with an optional availability), not both or neither");
        }
        if (direct) {
            if (fields.has("availability")) {
                throw fields.problem("availability", "availability goes with slave-task-seconds/master-task-seconds"
                        + " (W = Avail / T); w-slave and w-master are already rates");
            }
            return new GridHost(name, network, fields.positive("w-slave"), fields.positive("w-master"));
        }
        double availability = fields.has("availability") ? fields.positive("availability") : 1.0;
        if (availability > 1) {
            throw fields.problem("availability", "expected a fraction in (0, 1], got " + availability);
        }
        return new GridHost(name, network, availability / fields.positive("slave-task-seconds"),
                availability / fields.positive("master-task-seconds"));
    }

    /** Each link names known local networks, and links add no cycle (union-find over networks). */
    private static void checkLinks(List<GridNetwork> networks, Map<String, HoconFields> fields) {
        Map<String, GridNetwork> byName = networksByName(networks);
        Map<String, String> parent = new HashMap<>();
        for (GridNetwork link : networks) {
            HoconFields where = fields.get(link.name());
            Set<String> seen = new HashSet<>();
            for (String lan : link.connects()) {
                GridNetwork target = byName.get(lan);
                if (target == null) {
                    throw where.problem("connects", "unknown network " + lan + "; declared: " + byName.keySet());
                }
                if (target.isLink()) {
                    throw where.problem("connects", lan + " is itself a link; links connect local networks");
                }
                if (!seen.add(lan)) {
                    throw where.problem("connects", lan + " is named twice");
                }
                String a = root(parent, link.name());
                String b = root(parent, lan);
                if (a.equals(b)) {
                    throw where.problem("connects", "link " + link.name() + " closes a cycle through " + lan
                            + "; the grid must be a tree so each slave has a single path to the master (seed 002 section 2)");
                }
                parent.put(a, b);
            }
        }
    }

    /** Every host reaches the first host's network: a disconnected host could never reach a master. */
    private static void checkConnected(Grid grid, Map<String, HoconFields> hostFields) {
        Map<String, List<String>> adjacent = grid.adjacency();
        String start = grid.hosts().get(0).network();
        Set<String> reached = new HashSet<>(List.of(start));
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty()) {
            for (String next : adjacent.getOrDefault(queue.poll(), List.of())) {
                if (reached.add(next)) {
                    queue.add(next);
                }
            }
        }
        for (GridHost host : grid.hosts()) {
            if (!reached.contains(host.network())) {
                throw hostFields.get(host.name()).problem("network", "host " + host.name() + " is disconnected: no link joins "
                        + host.network() + " to " + start + " (where " + grid.hosts().get(0).name() + " is)");
            }
        }
    }

    private static Map<String, GridNetwork> networksByName(List<GridNetwork> networks) {
        Map<String, GridNetwork> byName = new LinkedHashMap<>();
        networks.forEach(n -> byName.put(n.name(), n));
        return byName;
    }

    private static String root(Map<String, String> parent, String node) {
        String r = node;
        while (parent.containsKey(r)) {
            r = parent.get(r);
        }
        return r;
    }
}
