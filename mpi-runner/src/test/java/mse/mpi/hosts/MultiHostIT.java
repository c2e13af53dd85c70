package mse.mpi.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mse.mpi.JsonFile;
import mse.mpi.apps.RankMain;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import mse.mpi.cli.Mse;
import mse.mpi.launch.MpiJob;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One experiment across several hosts, launched by Open MPI through the namespace cluster's agent: three
 * hosts of two slots, links shaped to 100 Mbit/s. The CLI runs as a separate process with the cluster's
 * environment, as a user would after `source DIR/env`.
 */
@Timeout(600)
class MultiHostIT {

    private static final List<String> WORKLOAD = List.of("--image", "64x64", "--max-iter", "500", "--task-points", "64");

    private static NamespaceCluster cluster;

    @TempDir
    Path tmp;

    @BeforeAll
    static void up() throws Exception {
        cluster = NamespaceCluster.up(Path.of("target", "netns-cluster").toAbsolutePath(), 3, "--slots", "2", "--rate", "100mbit");
    }

    @AfterAll
    static void down() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void anEmulatedRunAcrossThreeHostsGivesExactlyTheLocalPrediction() throws Exception {
        Path out = tmp.resolve("hosts");
        Cli.Result run = Cli.run(cluster.environment(), with("emulate", "--np", "6", "--task-cost", "per-iteration:10ns",
                "--hostfile", cluster.hostfile().toString(), "--out", out.toString(), "--quiet"));
        assertEquals(0, run.exit(), run.output());
        Path local = tmp.resolve("local");
        assertEquals(0, Mse.commandLine().execute(with("emulate", "--np", "6", "--task-cost", "per-iteration:10ns",
                "--local", "--out", local.toString(), "--quiet").toArray(String[]::new)));
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        assertEquals(JsonFile.read(local.resolve("summary.json")).get("predictedSeconds"), summary.get("predictedSeconds"));
        List<Map<String, Object>> ranks = ranks(summary);
        assertEquals(6, ranks.size());
        assertEquals(cluster.hosts, ranks.stream().map(r -> r.get("address")).distinct().sorted().toList(),
                "ranks connected from the three hosts' addresses");
        for (Map<String, Object> rank : ranks) {
            // The harness names its hosts by address, so where MSE placed a rank and where it connected from agree.
            assertEquals(rank.get("host"), rank.get("address"), rank.toString());
            assertEquals(cluster.hosts.get((Integer) rank.get("rank") % 3), rank.get("host"), "round-robin placement");
        }
        List<String> breakdown = Files.readAllLines(out.resolve("breakdown.csv"));
        assertTrue(breakdown.get(0).endsWith(",host"), breakdown.get(0));
        assertTrue(breakdown.get(1).startsWith("0,master,") && breakdown.get(1).endsWith("," + cluster.hosts.get(0)), breakdown.get(1));
        assertNothingLeft();
    }

    /**
     * A C program through the interposition library, its ranks on three hosts reporting over TCP: in a deterministic
     * mode exactly the prediction of the same program on one host.
     */
    @Test
    void aForeignProgramAcrossThreeHostsGivesExactlyTheOneHostPrediction() throws Exception {
        String farm = Path.of(System.getProperty("mse.project.root"), "examples/c/build/task-done-farm").toString();
        Path out = tmp.resolve("foreign-hosts");
        Cli.Result run = Cli.run(cluster.environment(), List.of("emulate", "--np", "6", "--task-cost", "per-iteration:10ns",
                "--hostfile", cluster.hostfile().toString(), "--timeline", "off", "--out", out.toString(), "--quiet", "--", farm, "48"));
        assertEquals(0, run.exit(), run.output());
        Path local = tmp.resolve("foreign-local");
        assertEquals(0, Mse.commandLine().execute("emulate", "--np", "6", "--task-cost", "per-iteration:10ns", "--timeline", "off",
                "--out", local.toString(), "--quiet", "--", farm, "48"));
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        assertEquals(JsonFile.read(local.resolve("summary.json")).get("predictedSeconds"), summary.get("predictedSeconds"));
        assertEquals(cluster.hosts, ranks(summary).stream().map(r -> r.get("address")).distinct().sorted().toList(),
                "the C ranks reported over TCP from the three hosts");
        assertNothingLeft();
    }

    @Test
    void underTheUsersOwnMpirunRanksOnRankZerosHostUseTheLocalSocketAndTheOthersTcp() throws Exception {
        Path out = tmp.resolve("hosted");
        Path rankHosts = tmp.resolve("rank-hosts");
        Files.write(rankHosts, IntStream.range(0, 6).mapToObj(r -> cluster.hosts.get(r % 3)).toList());
        String first = cluster.hosts.get(0);
        List<String> args = with("--emulate", "--bind", first, "--task-cost", "per-iteration:10ns", "--out", out.toString());
        MpirunCommand command = MpirunCommand.local(6, MpirunCommand.rankClasspath(), RankMain.class.getName(), args)
                .onHosts(rankHosts, first.substring(0, first.lastIndexOf('.')) + ".0/24");
        Map<String, String> environment = new HashMap<>(cluster.environment());
        environment.put("OMPI_MCA_btl_tcp_progress_thread", "1"); // as the README asks of a user's own line
        MpiJob.run(command, Duration.ofMinutes(5), environment);
        Path local = tmp.resolve("local");
        assertEquals(0, Mse.commandLine().execute(with("emulate", "--np", "6", "--task-cost", "per-iteration:10ns",
                "--local", "--out", local.toString(), "--quiet").toArray(String[]::new)));
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        assertEquals(JsonFile.read(local.resolve("summary.json")).get("predictedSeconds"), summary.get("predictedSeconds"));
        for (Map<String, Object> rank : ranks(summary)) {
            // Ranks 0 and 3 share rank 0's host and reach its emulator over the local socket, the others over TCP from
            // their hosts' addresses; all of them are placed on their hosts.
            int r = (Integer) rank.get("rank");
            assertEquals(r % 3 == 0 ? "local-socket" : cluster.hosts.get(r % 3), rank.get("address"), rank.toString());
            assertEquals(cluster.hosts.get(r % 3), rank.get("host"), rank.toString());
        }
        assertNothingLeft();
    }

    @Test
    void eachHostsCpuRatioChargesTheRanksOnThatHost() throws Exception {
        String slowHost = cluster.hosts.get(1);
        Path cpus = tmp.resolve("host-cpu.conf");
        Files.writeString(cpus, "hosts = [ { name = \"" + slowHost + "\", cpu { speed-ratio = 0.5 } } ]\n");
        Path out = tmp.resolve("ratios");
        Cli.Result run = Cli.run(cluster.environment(), with("emulate", "--np", "6", "--task-cost", "per-iteration:10ns",
                "--hostfile", cluster.hostfile().toString(), "--host-cpu", cpus.toString(), "--out", out.toString(), "--quiet"));
        assertEquals(0, run.exit(), run.output());
        Path local = tmp.resolve("uniform");
        assertEquals(0, Mse.commandLine().execute(with("emulate", "--np", "6", "--task-cost", "per-iteration:10ns",
                "--local", "--out", local.toString(), "--quiet").toArray(String[]::new)));
        Map<Integer, String> hostOfRank = ranks(JsonFile.read(out.resolve("summary.json"))).stream()
                .collect(Collectors.toMap(r -> (Integer) r.get("rank"), r -> (String) r.get("host")));
        Map<String, Long> uniform = spans(local.resolve("tasks.csv"));
        int onSlowHost = 0;
        for (String line : Files.readAllLines(out.resolve("tasks.csv")).subList(1, 65)) {
            String[] f = line.split(",");
            long span = Long.parseLong(f[5]) - Long.parseLong(f[4]);
            boolean slow = hostOfRank.get(Integer.parseInt(f[2])).equals(slowHost);
            onSlowHost += slow ? 1 : 0;
            assertEquals(slow ? 2 * uniform.get(f[0]) : uniform.get(f[0]), span, "task " + f[0] + " on rank " + f[2]);
        }
        assertTrue(onSlowHost > 0, "some tasks ran on the slow host");
    }

    @Test
    void aPlainRunAcrossHostsGivesTheSequentialChecksum() throws Exception {
        Path out = tmp.resolve("plain");
        Cli.Result run = Cli.run(cluster.environment(), with("run", "--np", "6", "--hostfile", cluster.hostfile().toString(),
                "--out", out.toString()));
        assertEquals(0, run.exit(), run.output());
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        assertEquals(CountImage.sequential(new ImageSpec(64, 64, -2, 1, -1.5, 1.5, 500)).checksum(), summary.get("checksum"));
        assertEquals(cluster.hosts, summary.get("hosts"));
        assertNothingLeft();
    }

    @Test
    void aRankKilledOnARemoteHostEndsTheRunAndLeavesNothingOnAnyHost() throws Exception {
        Path out = tmp.resolve("killed");
        String host = cluster.hosts.get(2);
        Process cli = Cli.start(cluster.environment(), List.of("emulate", "--np", "6", "--image", "384x384",
                "--max-iter", "3000", "--task-points", "4", "--hostfile", cluster.hostfile().toString(),
                "--out", out.toString(), "--quiet"), tmp.resolve("killed.log"));
        long victim = awaitRankIn(host, 5);
        awaitText(out.resolve("mse.log"), "rank 5 connected");
        Thread.sleep(1000);
        new ProcessBuilder("kill", "-9", Long.toString(victim)).start().waitFor();
        assertTrue(cli.waitFor(120, TimeUnit.SECONDS), "the run ended");
        String output = Files.readString(tmp.resolve("killed.log"));
        assertEquals(1, cli.exitValue(), output);
        assertTrue(output.contains("emulation failed: rank 5"), output);
        assertFalse(Files.exists(out.resolve("summary.json")), "a failed run writes no summary");
        assertNothingLeft();
    }

    @Test
    void anEmulatorAddressTheHostsCannotReachIsNamed() throws Exception {
        Cli.Result run = Cli.run(cluster.environment(), with("emulate", "--np", "3", "--hostfile", cluster.hostfile().toString(),
                "--bind", "127.0.0.1", "--out", tmp.resolve("unreachable").toString(), "--quiet"));
        assertEquals(1, run.exit(), run.output());
        assertTrue(run.output().matches("(?s).*cannot start: .*127\\.0\\.0\\.1:[0-9]+.*"), run.output());
        assertNothingLeft();
    }

    @Test
    void aHostThatCannotBeReachedOrLacksTheClassPathIsNamedBeforeAnythingStarts() throws Exception {
        Path hostfile = tmp.resolve("hostfile");
        String stranger = cluster.hosts.get(0).replaceAll("\\.[0-9]+$", ".250");
        Files.writeString(hostfile, Files.readString(cluster.hostfile()) + stranger + " slots=2\n");
        Path out = tmp.resolve("never");
        Cli.Result unreachable = Cli.run(cluster.environment(), with("run", "--np", "2", "--hostfile", hostfile.toString(),
                "--out", out.toString()));
        assertEquals(2, unreachable.exit(), unreachable.output());
        assertTrue(unreachable.output().contains("host " + stranger + " (" + hostfile + ":4) cannot be reached"), unreachable.output());
        Cli.Result noClasses = Cli.run(cluster.environment(), List.of("-Dmse.classpath=/nonexistent/mse/classes:"
                + System.getProperty("mse.classpath")), with("run", "--np", "2", "--hostfile", cluster.hostfile().toString(),
                "--out", out.toString()));
        assertEquals(2, noClasses.exit(), noClasses.output());
        assertTrue(noClasses.output().contains("host " + cluster.hosts.get(0) + " (" + cluster.hostfile()
                + ":1) lacks the class path entry /nonexistent/mse/classes"), noClasses.output());
        assertFalse(Files.exists(out), "nothing was started or written");
    }

    @Test
    void validateMeasuresOverTheShapedLinksBetweenHosts() throws Exception {
        Path out = tmp.resolve("validate");
        Cli.Result run = Cli.run(cluster.environment(), with("validate", "--np", "2,3", "--hostfile", cluster.hostfile().toString(),
                "--sizes", "1,1K", "--test-round-trips", "200", "--point-seconds", "3", "--measured-runs", "2", "--out", out.toString()));
        assertEquals(0, run.exit(), run.output());
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        assertTrue(((String) summary.get("measuredOver")).contains(cluster.hostfile().toString()), summary.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> points = (List<Map<String, Object>>) summary.get("points");
        assertEquals(List.of(2, 3), points.stream().map(p -> p.get("np")).toList());
        for (Map<String, Object> p : points) {
            assertTrue(((Number) p.get("measuredSeconds")).doubleValue() > 0 && ((Number) p.get("predictedSeconds")).doubleValue() > 0, p.toString());
            @SuppressWarnings("unchecked")
            List<Number> runs = (List<Number>) p.get("measuredRuns");
            assertEquals(2, runs.size(), p.toString());
            assertEquals(runs.stream().mapToDouble(Number::doubleValue).min().orElseThrow(), ((Number) p.get("measuredSeconds")).doubleValue(), 0.0,
                    "the fastest run is the measurement: " + p);
        }
        // The round trips crossed the network: ranks 0 and 1 of each calibration job ran on different hosts.
        List<String> placed = Files.readAllLines(out.resolve("calibrate-tcp/hostfile.ranks"));
        assertEquals(cluster.hosts.subList(0, 3), placed);
        assertEquals(cluster.hosts.subList(0, 3), Files.readAllLines(out.resolve("np-3/hostfile.ranks")));
        assertNothingLeft();
    }

    private static List<String> with(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.contains("--image")) {
            all.addAll(WORKLOAD);
        }
        return all;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> ranks(Map<String, Object> summary) {
        return (List<Map<String, Object>>) summary.get("ranks");
    }

    private static Map<String, Long> spans(Path tasks) throws Exception {
        Map<String, Long> spans = new HashMap<>();
        for (String line : Files.readAllLines(tasks).subList(1, Files.readAllLines(tasks).size())) {
            String[] f = line.split(",");
            spans.put(f[0], Long.parseLong(f[5]) - Long.parseLong(f[4]));
        }
        return spans;
    }

    /** No process is left in any host's namespace (daemons and ranks of the run are gone). */
    private static void assertNothingLeft() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Map<String, List<Long>> left = new HashMap<>();
        do {
            left.clear();
            for (String host : cluster.hosts) {
                List<Long> pids = cluster.pids(host);
                if (!pids.isEmpty()) {
                    left.put(host, pids);
                }
            }
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("processes left on the hosts: " + left);
    }

    private static long awaitRankIn(String host, int rank) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            for (long pid : cluster.pids(host)) {
                try {
                    String env = Files.readString(Path.of("/proc", Long.toString(pid), "environ"), StandardCharsets.ISO_8859_1);
                    if (env.contains("\0OMPI_COMM_WORLD_RANK=" + rank + "\0") && ProcessHandle.of(pid)
                            .flatMap(p -> p.info().command()).map(c -> c.endsWith("java")).orElse(false)) {
                        return pid;
                    }
                } catch (java.io.IOException gone) {
                    // the process ended meanwhile
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("rank " + rank + " never started on " + host);
    }

    private static void awaitText(Path file, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file) && Files.readString(file).contains(text)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(file + " never said: " + text);
    }
}
