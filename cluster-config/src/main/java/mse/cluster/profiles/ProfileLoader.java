package mse.cluster.profiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Loads a target profile (HOCON) from a built-in preset or a file and validates it strictly: any problem
 * is a {@link ProfileException} naming the file or preset, the line and the key path.
 *
 * <pre>
 * network {
 *   name = "mpich-fast-ethernet"
 *   source = "seed 001, Table 2, MSE row"
 *   latency-us = 50.0              # L
 *   gap-us = 0                     # g
 *   gap-per-byte-us = 0.0268       # G
 *   sync-threshold-bytes = 0       # S; 0 = every message is eager
 *   burst-bytes = 0                # optional: B, what an idle link passes at once (default 0), see NetworkProfile
 *   send-overhead { base-us = 12.1, per-process-us = 0.182, per-byte-us = 0.0708 }
 *   recv-overhead { base-us = 12.1, per-process-us = 0.182, per-byte-us = 0.0722 }
 *   model = loggps                 # optional: the cost model (default loggps), see NetworkModelName
 *   # another model's own keys here, which it declares and reads itself (NetworkModelKind, ModelParameters)
 * }
 * cpu { speed-ratio = 1.0 }        # target CPU speed / this host's
 * mpi { collectives = binomial }   # optional: binomial (default) or linear, see CollectiveAlgorithm
 * </pre>
 */
public final class ProfileLoader {

    private static final String PRESET_DIR = "profiles/";
    private static final Set<String> TOP_KEYS = Set.of("network", "cpu", "mpi");
    private static final Set<String> MPI_KEYS = Set.of("collectives");
    private static final Set<String> NETWORK_KEYS = Set.of("name", "source", "latency-us", "gap-us",
            "gap-per-byte-us", "sync-threshold-bytes", "send-overhead", "recv-overhead", "model", "burst-bytes");
    private static final Set<String> OVERHEAD_KEYS = Set.of("base-us", "per-process-us", "per-byte-us");
    private static final Set<String> CPU_KEYS = Set.of("speed-ratio");

    private ProfileLoader() {
    }

    /**
     * A preset when `nameOrPath` is a bare name, otherwise a file: anything with a path separator or
     * ending in ".conf" is read as a file, so a preset never shadows a user's file or the reverse.
     */
    public static TargetProfile load(String nameOrPath) {
        boolean looksLikePath = nameOrPath.contains("/") || nameOrPath.contains("\\") || nameOrPath.endsWith(".conf");
        return looksLikePath ? fromFile(Path.of(nameOrPath)) : preset(nameOrPath);
    }

    /** The built-in preset `name` (classpath resource profiles/NAME.conf). */
    public static TargetProfile preset(String name) {
        List<String> known = presetNames();
        if (!known.contains(name)) {
            throw new ProfileException("unknown profile preset \"" + name + "\"; available presets: "
                    + String.join(", ", known) + " (or give a path to a .conf file)");
        }
        String resource = PRESET_DIR + name + ".conf";
        return parse(readResource(resource), resource);
    }

    public static TargetProfile fromFile(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new ProfileException(file + ": cannot read profile: " + e.getMessage(), e);
        }
        return parse(text, file.toString());
    }

    /** Names of the built-in presets, from profiles/index.txt (one a line, # starts a comment). */
    public static List<String> presetNames() {
        return readResource(PRESET_DIR + "index.txt").lines()
                .map(line -> line.replaceFirst("#.*", "").strip())
                .filter(line -> !line.isEmpty())
                .toList();
    }

    /** Parses and validates profile text; `source` names it in every error message. */
    public static TargetProfile parse(String text, String source) {
        HoconFields root = HoconFields.parse(text, source).onlyKeys(TOP_KEYS);
        HoconFields network = root.object("network");
        NetworkModelName model = model(network);
        Optional<NetworkModelKind> kind = model.kind();
        network.onlyKeys(kind.map(k -> union(NETWORK_KEYS, k.parameterKeys())).orElse(NETWORK_KEYS));
        NetworkProfile networkProfile = new NetworkProfile(
                network.text("name"),
                network.text("source"),
                network.nonNegative("latency-us"),
                network.nonNegative("gap-us"),
                network.nonNegative("gap-per-byte-us"),
                network.wholeNonNegative("sync-threshold-bytes"),
                overhead(network.object("send-overhead")),
                overhead(network.object("recv-overhead")),
                model,
                network.has("burst-bytes") ? network.wholeNonNegative("burst-bytes") : 0,
                ModelParameters.of(network, NETWORK_KEYS));
        kind.ifPresent(k -> k.check(networkProfile));
        HoconFields cpu = root.object("cpu").onlyKeys(CPU_KEYS);
        return new TargetProfile(networkProfile, new CpuProfile(cpu.positive("speed-ratio")), source, collectives(root));
    }

    /** The optional network { model = ... }: LogGPS when absent. */
    private static NetworkModelName model(HoconFields network) {
        if (!network.has("model")) {
            return NetworkModelName.LOGGPS;
        }
        try {
            return NetworkModelName.parse(network.text("model"));
        } catch (IllegalArgumentException e) {
            throw network.problem("model", e.getMessage());
        }
    }

    private static Set<String> union(Set<String> common, Set<String> own) {
        Set<String> keys = new HashSet<>(common);
        keys.addAll(own);
        return keys;
    }

    /** The optional mpi { collectives = ... }: binomial when absent. */
    private static CollectiveAlgorithm collectives(HoconFields root) {
        if (!root.has("mpi")) {
            return CollectiveAlgorithm.BINOMIAL;
        }
        HoconFields mpi = root.object("mpi").onlyKeys(MPI_KEYS);
        try {
            return CollectiveAlgorithm.parse(mpi.text("collectives"));
        } catch (IllegalArgumentException e) {
            throw mpi.problem("collectives", e.getMessage());
        }
    }

    private static NetworkProfile.Overhead overhead(HoconFields fields) {
        fields.onlyKeys(OVERHEAD_KEYS);
        return new NetworkProfile.Overhead(
                fields.nonNegative("base-us"), fields.nonNegative("per-process-us"), fields.nonNegative("per-byte-us"));
    }

    private static String readResource(String resource) {
        try (InputStream in = ProfileLoader.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new ProfileException("built-in profile resource missing from the classpath: " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ProfileException("cannot read built-in profile resource " + resource + ": " + e.getMessage(), e);
        }
    }
}
