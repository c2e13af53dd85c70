package mse.mpi.experiment;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.strategy.StrategyOptions;

/**
 * What a sweep's points must share for `--resume` to continue it: every option that changes a prediction
 * (the program's options and its strategies' but the per-point strategy, masters and prefetch, the task cost, the
 * CPU ratio, --local) and
 * the profile's content, hashed, so a profile file edited under the same name is not mixed in.
 */
public final class SweepIdentity {

    /**
     * Options of the program that do not change a prediction, or that each point carries itself: the strategy and
     * its list options (ML's --masters), the prefetch.
     */
    private static final Set<String> NOT_SHARED = notShared();
    public static final String PROFILE_CONTENT = "profile content";

    private SweepIdentity() {
    }

    public static Map<String, Object> of(List<Program> programs, TargetProfile target, TaskCost taskCost, boolean local) {
        Map<String, Object> keys = new LinkedHashMap<>();
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
        keys.put("--cpu-ratio", target.cpu().speedRatio());
        keys.put("--task-cost", taskCost.spec());
        keys.put("--local", local);
        return keys;
    }

    private static Set<String> notShared() {
        Set<String> options = new HashSet<>(Set.of(StrategyOptions.STRATEGY, Program.PREFETCH, "--png"));
        StrategyOptions.kinds().forEach(kind -> options.addAll(kind.pointOptions()));
        return Set.copyOf(options);
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
