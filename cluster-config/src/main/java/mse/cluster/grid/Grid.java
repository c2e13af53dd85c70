package mse.cluster.grid;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A heterogeneous grid: hosts on local networks joined by links, a tree (seed 002
 * (002_a91b5601aca36903.txt) section 2: "following the single path in the graph G from each slave
 * process to the master", which is ShareNet). {@link GridLoader} guarantees the graph is a connected
 * tree, so {@link #path} is unique.
 */
public record Grid(List<GridNetwork> networks, List<GridHost> hosts, String source) {

    public Grid {
        networks = List.copyOf(networks);
        hosts = List.copyOf(hosts);
    }

    public GridHost host(String name) {
        return hosts.stream().filter(h -> h.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no host named " + name + " in " + source));
    }

    public GridNetwork network(String name) {
        return networks.stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no network named " + name + " in " + source));
    }

    /**
     * The networks a task between `slave` and `master` passes, from the slave's local network to the
     * master's (one entry when they share a local network): ShareNet(G, S, m, n) holds s exactly when n
     * is on path(s, m).
     */
    public List<String> path(String slave, String master) {
        String from = host(slave).network();
        String to = host(master).network();
        Map<String, String> previous = new HashMap<>();
        previous.put(from, from);
        Deque<String> queue = new ArrayDeque<>(List.of(from));
        Map<String, List<String>> adjacent = adjacency();
        while (!queue.isEmpty()) {
            String net = queue.poll();
            for (String next : adjacent.getOrDefault(net, List.of())) {
                if (previous.putIfAbsent(next, net) == null) {
                    queue.add(next);
                }
            }
        }
        if (!previous.containsKey(to)) {
            throw new IllegalStateException("no path from " + slave + " to " + master);
        }
        List<String> path = new ArrayList<>();
        for (String net = to; !net.equals(from); net = previous.get(net)) {
            path.add(net);
        }
        path.add(from);
        Collections.reverse(path);
        return path;
    }

    /** Undirected network graph: each link is adjacent to the local networks it connects. */
    Map<String, List<String>> adjacency() {
        Map<String, List<String>> adjacent = new LinkedHashMap<>();
        for (GridNetwork net : networks) {
            adjacent.computeIfAbsent(net.name(), k -> new ArrayList<>());
            for (String lan : net.connects()) {
                adjacent.get(net.name()).add(lan);
                adjacent.computeIfAbsent(lan, k -> new ArrayList<>()).add(net.name());
            }
        }
        return adjacent;
    }
}
