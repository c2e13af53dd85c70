package mse.mpi.apps.mase;

import java.nio.ByteBuffer;
import mse.mpi.apps.farm.Workload;

/**
 * MASE as a task farm (seed 001, section 3): task t is a block of consecutive points (first point and
 * length, 8 bytes); its result is one 4-byte escape count per point, so the result message grows with
 * the task size. The work of a task is its total escape iterations.
 */
public final class MaseWorkload implements Workload {

    private final MaseJob job;
    private final TaskBlocks blocks;
    private final CountImage image;

    public MaseWorkload(MaseJob job) {
        this.job = job;
        this.blocks = job.tasks();
        this.image = new CountImage(job.image());
    }

    public CountImage image() {
        return image;
    }

    @Override
    public int tasks() {
        return blocks.count();
    }

    @Override
    public byte[] describe(int task) {
        return ByteBuffer.allocate(8).putInt(blocks.first(task)).putInt(blocks.length(task)).array();
    }

    @Override
    public Computed compute(byte[] description) {
        ByteBuffer d = ByteBuffer.wrap(description);
        int first = d.getInt();
        int length = d.getInt();
        ByteBuffer result = ByteBuffer.allocate(4 * length); // resultBytes: 4 per point
        long iterations = 0;
        for (int i = 0; i < length; i++) {
            int count = job.image().count(first + i);
            result.putInt(count);
            iterations += count;
        }
        return new Computed(result.array(), iterations);
    }

    @Override
    public int resultBytes(int task) {
        return 4 * blocks.length(task);
    }

    @Override
    public int exportBytes(int from, int to) {
        int end = to == 0 ? 0 : blocks.first(to - 1) + blocks.length(to - 1);
        return 4 * Math.max(0, end - blocks.first(from));
    }

    @Override
    public void collect(int task, byte[] result) {
        image.put(blocks.first(task), toCounts(result));
    }

    @Override
    public byte[] export(int from, int to) {
        int first = blocks.first(from);
        ByteBuffer out = ByteBuffer.allocate(exportBytes(from, to));
        for (int p = first; p < first + out.capacity() / 4; p++) {
            out.putInt(image.count(p));
        }
        return out.array();
    }

    @Override
    public void importRange(int from, int to, byte[] exported) {
        if (from < to) {
            image.put(blocks.first(from), toCounts(exported));
        }
    }

    @Override
    public String checksum() {
        return image.checksum();
    }

    private static int[] toCounts(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int[] counts = new int[bytes.length / 4];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = b.getInt();
        }
        return counts;
    }
}
