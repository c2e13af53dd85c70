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
 * down first, so it cannot break this one. Needs root and ip: without them the tests fail saying so.
 */
@SuppressWarnings("try") // close() waits for the namespaces' processes and may be interrupted
final class NamespaceCluster implements AutoCloseable {

    private static final Path SCRIPT = Path.of(System.getProperty("user.dir")).getParent().resolve("scripts/netns-cluster.sh");

    final Path dir;
    final List<String> hosts;

    private NamespaceCluster(Path dir, List<String> hosts) {
        this.dir = dir;
        this.hosts = hosts;
    }

    static NamespaceCluster up(Path dir, int hosts, String... options) throws Exception {
        requireRootAndIp();
        if (Files.exists(dir.resolve("cluster.state"))) {
            script("down", dir.toString());
        }
        List<String> args = new ArrayList<>(List.of("up", Integer.toString(hosts), dir.toString()));
        args.addAll(List.of(options));
        script(args.toArray(String[]::new));
        List<String> names = Files.readAllLines(dir.resolve("hostfile")).stream().map(l -> l.split(" ")[0]).toList();
        assertEquals(hosts, names.size());
        return new NamespaceCluster(dir, names);
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
        Process p = new ProcessBuilder("ip", "netns", "pids", namespaceOf(host)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return out.lines().filter(l -> !l.isBlank()).map(l -> Long.parseLong(l.trim())).toList();
    }

    @Override
    public void close() throws Exception {
        script("down", dir.toString());
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

    private static void script(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail("netns-cluster.sh " + String.join(" ", args) + " failed: " + out);
        }
    }
}
