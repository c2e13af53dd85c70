package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import mse.cluster.hosts.HostCpus;
import mse.cluster.hosts.Hostfile;
import mse.cluster.profiles.NetworkModelName;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.strategy.StrategyOptions;
import mse.mpi.launch.Cluster;
import mse.mpi.launch.ForeignProgram;

/**
 * What a sweep's points must share for `--resume` to continue it (summary.json's sameFor): every option that changes a prediction
 * (the program's options and its strategies' but the per-point strategy, masters and prefetch, the task cost, the
 * CPU ratio, --local, and on several hosts where ranks are placed and each host's CPU ratio) and
 * the profile's content, hashed, so a profile file edited under the same name is not mixed in.
 * A single-machine sweep records no host keys, so its identity is what it was before several hosts existed. The
 * options are whatever the programs take, so they stay a map of option to the value it was given, as text.
 */
public record SweepIdentity(@JsonValue Map<String, String> options) {

    /**
     * Options of the program that do not change a prediction, or that each point carries itself: the strategy and
     * its list options (ML's --masters), the prefetch.
     */
    private static final Set<String> NOT_SHARED = notShared();
    public static final String PROFILE_CONTENT = "profile content";

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public SweepIdentity {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    public static SweepIdentity of(List<Program> programs, TargetProfile target, TaskCost taskCost, boolean local,
            Cluster cluster) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Program program : programs) {
            List<String> args = RankArguments.of(program);
            for (int i = 0; i + 1 < args.size(); i += 2) {
                if (!NOT_SHARED.contains(args.get(i))) {
                    keys.put(args.get(i), args.get(i + 1));
                }
            }
        }
        target(keys, target, taskCost, local, cluster);
        return new SweepIdentity(keys);
    }

    /** The keys of the target, the task cost and the machines, which every sweep shares. */
    private static void target(Map<String, String> keys, TargetProfile target, TaskCost taskCost, boolean local, Cluster cluster) {
        keys.put("--profile", target.network().name());
        keys.put(PROFILE_CONTENT, contentHash(target));
        keys.put("--cpu-ratio", Double.toString(target.cpu().speedRatio()));
        keys.put("--task-cost", taskCost.spec());
        keys.put("--local", Boolean.toString(local));
        if (cluster.multiHost()) {
            keys.put("--hostfile", hosts(cluster.hostfile()));
            keys.put("--host-cpu", hostRatios(cluster.cpus()));
        }
    }

    /**
     * A foreign program's sweep: its command line (which `--resume` checks), its master ranks and CPU clock, and the
     * target as for MSE's own programs.
     */
    public static SweepIdentity ofForeign(ForeignProgram program, TargetProfile target, TaskCost taskCost, Cluster cluster) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("program", String.join(" ", program.commandLine()));
        keys.put("--master-ranks", program.masters().stream().map(String::valueOf).collect(Collectors.joining(",")));
        keys.put("--rank-cpu", program.rankCpu().spelling());
        target(keys, target, taskCost, false, cluster);
        return new SweepIdentity(keys);
    }

    /** "--split-wait was 5ms, now 7ms" for every option whose value differs from `now` (or that only one side has). */
    public List<String> differences(SweepIdentity now) {
        Set<String> keys = new LinkedHashSet<>(now.options.keySet());
        keys.addAll(options.keySet());
        List<String> differences = new ArrayList<>();
        for (String key : keys) {
            if (!Objects.equals(options.get(key), now.options.get(key))) {
                differences.add(key + " was " + options.get(key) + ", now " + now.options.get(key));
            }
        }
        return differences;
    }

    private static Set<String> notShared() {
        Set<String> options = new HashSet<>(Set.of(StrategyOptions.STRATEGY, Program.PREFETCH, "--png"));
        StrategyOptions.kinds().forEach(kind -> options.addAll(kind.pointOptions()));
        return Set.copyOf(options);
    }

    /** "node1:2 node2:2": the hosts in the order ranks are placed on them, with their slots. */
    private static String hosts(Hostfile hostfile) {
        return hostfile.hosts().stream().map(h -> h.name() + ":" + h.slots()).collect(Collectors.joining(" "));
    }

    /** "node1=0.5 node3=2.0", by host name: the hosts whose CPU differs from the profile's ("" when none). */
    private static String hostRatios(HostCpus cpus) {
        return new TreeMap<>(cpus.byHost()).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue().speedRatio())
                .collect(Collectors.joining(" "));
    }

    /**
     * SHA-256 of every parameter the profile gives the model (comments and layout do not count). The network model
     * and the links' burst joined the profile later: a LogGPS network without a burst, the defaults, hashes as its
     * profile did before (the record printed without its last components, model and burst), so sweeps begun before
     * those keys existed still resume; a burst changes predictions, so any other value keeps them in the hash. A model's
     * own parameters (the last component) count only when there are some, so a profile without any hashes as before.
     */
    private static String contentHash(TargetProfile target) {
        String network = target.network().toString();
        if (target.network().parameters().isEmpty()) {
            network = network.substring(0, network.lastIndexOf(", parameters=")) + "]";
        }
        if (target.network().model().equals(NetworkModelName.LOGGPS) && target.network().burstBytes() == 0) {
            network = network.substring(0, network.lastIndexOf(", model=")) + "]";
        }
        try {
            byte[] text = (network + "\n" + target.cpu()).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
