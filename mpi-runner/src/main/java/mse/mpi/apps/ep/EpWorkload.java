package mse.mpi.apps.ep;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;
import mse.mpi.apps.farm.Workload;

/**
 * A compute-heavy task farm in the style of NAS EP, the opposite of MASE's communication-heavy profile
 * (seed 002 uses both kinds). Each task draws `pairs` pairs of uniform numbers in (-1, 1) from its own
 * seed, turns the pairs inside the unit circle into Gaussian deviates by the Marsaglia polar method and
 * counts them by square annulus max(|X|, |Y|) in [l, l+1), l = 0..9, summing X and Y. Task messages are
 * 4 bytes and results 96 bytes. SplittableRandom's algorithm is specified, so every JVM draws the same
 * numbers and the checksum (over per-task results in task order) is independent of strategy and P.
 */
public final class EpWorkload implements Workload {

    static final int ANNULI = 10;
    private static final int RESULT_BYTES = 8 * ANNULI + 16;

    private final int tasks;
    private final int pairs;
    private final long seed;
    private final byte[][] results;

    public EpWorkload(int tasks, int pairs, long seed) {
        check(tasks, pairs);
        this.tasks = tasks;
        this.pairs = pairs;
        this.seed = seed;
        this.results = new byte[tasks][];
    }

    /** Rejects a problem with no task or no pair, naming the option. */
    static void check(int tasks, int pairs) {
        if (tasks < 1) {
            throw new IllegalArgumentException("EP needs at least 1 task, got " + tasks);
        }
        if (pairs < 1) {
            throw new IllegalArgumentException("EP needs at least 1 pair per task, got " + pairs);
        }
    }

    @Override
    public int tasks() {
        return tasks;
    }

    @Override
    public byte[] describe(int task) {
        return ByteBuffer.allocate(4).putInt(task).array();
    }

    @Override
    public Computed compute(byte[] description) {
        int task = ByteBuffer.wrap(description).getInt();
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + task);
        long[] counts = new long[ANNULI];
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < pairs; i++) {
            double x = 2 * random.nextDouble() - 1;
            double y = 2 * random.nextDouble() - 1;
            double t = x * x + y * y;
            if (t <= 1 && t > 0) {
                double f = Math.sqrt(-2 * Math.log(t) / t);
                double gx = x * f;
                double gy = y * f;
                int l = (int) Math.max(Math.abs(gx), Math.abs(gy));
                if (l < ANNULI) {
                    counts[l]++;
                    sx += gx;
                    sy += gy;
                }
            }
        }
        ByteBuffer out = ByteBuffer.allocate(resultBytes(task));
        for (long c : counts) {
            out.putLong(c);
        }
        out.putDouble(sx).putDouble(sy);
        return new Computed(out.array(), pairs);
    }

    @Override
    public void collect(int task, byte[] result) {
        results[task] = result;
    }

    @Override
    public int resultBytes(int task) {
        return RESULT_BYTES;
    }

    @Override
    public int exportBytes(int from, int to) {
        return RESULT_BYTES * (to - from);
    }

    @Override
    public byte[] export(int from, int to) {
        ByteBuffer out = ByteBuffer.allocate(exportBytes(from, to));
        for (int t = from; t < to; t++) {
            out.put(results[t]);
        }
        return out.array();
    }

    @Override
    public void importRange(int from, int to, byte[] exported) {
        for (int t = from; t < to; t++) {
            results[t] = new byte[RESULT_BYTES];
            System.arraycopy(exported, (t - from) * RESULT_BYTES, results[t], 0, RESULT_BYTES);
        }
    }

    /** Total Gaussian deviates counted in annulus l over all tasks (the EP verification figures). */
    public long annulusCount(int l) {
        long sum = 0;
        for (byte[] r : results) {
            sum += ByteBuffer.wrap(r).getLong(8 * l);
        }
        return sum;
    }

    @Override
    public String checksum() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (int t = 0; t < tasks; t++) {
                if (results[t] == null) {
                    throw new IllegalStateException("EP task " + t + " has no result");
                }
                sha.update(results[t]);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
