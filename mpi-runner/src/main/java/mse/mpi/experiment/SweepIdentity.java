package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;

/**
 * What a sweep's points must share for `--resume` to continue it (summary.json's sameFor): every option that changes a
 * prediction (the program's options and its strategies' but the per-point strategy, masters and prefetch, the task
 * cost, the CPU ratio, --local) as it was spelled, and the profile's content, hashed, so a profile file edited under
 * the same name is not mixed in. The options are whatever the programs take, so they stay a map of name to value.
 */
public record SweepIdentity(@JsonValue Map<String, String> options) {

    /** Options of the program that do not change a prediction, or that each point carries itself. */
    private static final Set<String> NOT_SHARED = Set.of("--strategy", "--masters", "--prefetch", "--png");
    public static final String PROFILE_CONTENT = "profile content";

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public SweepIdentity {
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    public static SweepIdentity of(List<Program> programs, TargetProfile target, TaskCost taskCost, boolean local) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Program program : programs) {
            List<String> args = RankArguments.of(program);
            for (int i = 0; i + 1 < args.size(); i += 2) {
                if (!NOT_SHARED.contains(args.get(i))) {
                    keys.put(args.get(i), args.get(i + 1));
                }
            }
        }
        keys.put("--profile", target.network().name());
        keys.put(PROFILE_CONTENT, contentHash(target));
        keys.put("--cpu-ratio", Double.toString(target.cpu().speedRatio()));
        keys.put("--task-cost", taskCost.spec());
        keys.put("--local", Boolean.toString(local));
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

    /** SHA-256 of every parameter the profile gives the model (comments and layout do not count). */
    private static String contentHash(TargetProfile target) {
        try {
            byte[] text = (target.network() + "\n" + target.cpu()).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
