package mse.mpi.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Hosts made of network namespaces by scripts/netns-cluster.sh, for the multi-host integration tests. The
 * cluster lives in a fixed directory under target/: a cluster left there by a crashed earlier run is taken
 * down first, so it cannot break this one. This JVM is the cluster's owner (--owner): it takes the cluster down
 * when it exits, however it ends short of SIGKILL, and after a SIGKILL the next `./run.sh test` (the script's
 * `down --all`) finds the owner gone and removes it. Needs root and ip: without them the tests fail saying so.
 */
@SuppressWarnings("try") // close() waits for the namespaces' processes and may be interrupted
final class NamespaceCluster implements AutoCloseable {

    private static final Path SCRIPT = Path.of(System.getProperty("user.dir")).getParent().resolve("scripts/netns-cluster.sh");

    final Path dir;
    final List<String> hosts;
    /** Set once the cluster is down, under this object's lock: close() and the exit hook take it down once. */
    private boolean down;

    private NamespaceCluster(Path dir, List<String> hosts) {
        this.dir = dir;
        this.hosts = hosts;
        // Stays registered: a JVM told to end while close() runs waits here for close()'s `down` to finish, instead
        // of abandoning the script half-way (its output pipe gone, it would die of SIGPIPE between two removals).
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                takeDown();
            } catch (Exception | AssertionError e) {
                System.err.println("netns cluster of " + dir + " not taken down at exit: " + e.getMessage());
            }
        }, "netns-cluster-down"));
    }

    static NamespaceCluster up(Path dir, int hosts, String... options) throws Exception {
        requireRootAndIp();
        if (Files.exists(dir.resolve("cluster.state"))) {
            script("down", dir.toString());
        }
        List<String> args = new ArrayList<>(List.of("up", Integer.toString(hosts), dir.toString(), "--owner",
                Long.toString(ProcessHandle.current().pid())));
        args.addAll(List.of(options));
        script(args.toArray(String[]::new));
        NamespaceCluster cluster = new NamespaceCluster(dir, Files.readAllLines(dir.resolve("hostfile")).stream()
                .map(l -> l.split(" ")[0]).toList()); // from here on taken down at exit, whatever fails next
        assertEquals(hosts, cluster.hosts.size());
        return cluster;
    }

    Path hostfile() {
        return dir.resolve("hostfile");
    }

    /** What `source DIR/env` sets: Open MPI's launch agent for the namespaces. */
    Map<String, String> environment() {
        return Map.of("OMPI_MCA_plm_rsh_agent", dir.resolve("agent").toString());
    }

    /** The namespace of a host (its address), as the agent maps it. */
    String namespaceOf(String host) throws IOException {
        for (String line : Files.readAllLines(dir.resolve("agent"))) {
            if (line.trim().startsWith(host + ")")) {
                return line.substring(line.indexOf("ns=") + 3, line.indexOf(" ;;")).trim();
            }
        }
        throw new AssertionError("no namespace for " + host);
    }

    /** The pids of processes running in a host's namespace. */
    List<Long> pids(String host) throws Exception {
        return pidsIn(namespaceOf(host));
    }

    /** The pids of processes running in namespace `ns`. */
    static List<Long> pidsIn(String ns) throws Exception {
        return output("ip", "netns", "pids", ns).lines().filter(l -> !l.isBlank()).map(l -> Long.parseLong(l.trim())).toList();
    }

    /** What this cluster is made of (namespaces, links), as the script recorded it. */
    List<String> objects() throws IOException {
        return Files.readAllLines(dir.resolve("cluster.state")).stream().filter(l -> !l.startsWith("subnet "))
                .map(l -> l.substring(l.indexOf(' ') + 1)).toList();
    }

    @Override
    public void close() throws Exception {
        takeDown();
    }

    private synchronized void takeDown() throws Exception {
        if (!down) {
            script("down", dir.toString());
            down = true;
        }
    }

    /** The namespaces and bridges of this machine that carry the script's mark for `dir` (none once it is down). */
    static List<String> markedFor(Path dir) throws Exception {
        String mark = "mse-netns-cluster owner=";
        List<String> marked = new ArrayList<>();
        for (String ns : output("ip", "netns", "list").lines().map(l -> l.split(" ")[0]).filter(n -> n.matches("mse[0-9a-f]{4}-h[0-9]+")).toList()) {
            String lo = output("ip", "-n", ns, "link", "show", "lo");
            if (lo.contains(mark) && lo.trim().endsWith(" dir=" + dir)) {
                marked.add(ns);
            }
        }
        for (String link : output("ip", "-o", "link", "show", "type", "bridge").lines().map(l -> l.split(": ")[1])
                .filter(n -> n.matches("mse[0-9a-f]{4}-br")).toList()) {
            String shown = output("ip", "link", "show", link);
            if (shown.contains(mark) && shown.trim().endsWith(" dir=" + dir)) {
                marked.add(link);
            }
        }
        return marked;
    }

    private static void requireRootAndIp() throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            fail("the multi-host tests make hosts of network namespaces, which needs root; running as "
                    + System.getProperty("user.name"));
        }
        try {
            Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                fail("`ip netns list` failed: " + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            fail("the multi-host tests need the ip command (iproute2): " + e.getMessage());
        }
    }

    /** Runs the script; its output (stdout and stderr), or the test fails saying why. */
    static String script(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail("netns-cluster.sh " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }

    static Path scriptPath() {
        return SCRIPT;
    }

    private static String output(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out;
    }
}
