package mse.mpi.apps.farm;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import mse.mpi.CpuBurn;

/**
 * A test workload whose slaves burn a known thread CPU time per task and whose master burns one per
 * result, each burn measured by the workload itself (its own clock reads around the burn), so a test can
 * compare what the emulator charged with what the program really computed. Only the measured run's burns
 * are counted: the warm-up's are the JIT's, which the emulator must not charge either.
 */
final class BurnWorkload implements Workload {

    private final int tasks;
    private final long slaveBurnNanos;
    private final long masterBurnNanos;
    private final AtomicLong slaveBurned = new AtomicLong();
    private final AtomicLong masterBurned = new AtomicLong();
    private volatile boolean counting;

    BurnWorkload(int tasks, long slaveBurnNanos, long masterBurnNanos) {
        this.tasks = tasks;
        this.slaveBurnNanos = slaveBurnNanos;
        this.masterBurnNanos = masterBurnNanos;
    }

    /** From now on burns count: the measured run begins. */
    void startCounting() {
        counting = true;
    }

    long slaveBurnedNanos() {
        return slaveBurned.get();
    }

    long masterBurnedNanos() {
        return masterBurned.get();
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
        long burned = CpuBurn.burn(slaveBurnNanos);
        if (counting) {
            slaveBurned.addAndGet(burned);
        }
        return new Computed(description.clone(), 1);
    }

    @Override
    public int resultBytes(int task) {
        return 4;
    }

    @Override
    public int exportBytes(int from, int to) {
        return 0;
    }

    @Override
    public void collect(int task, byte[] result) {
        long burned = CpuBurn.burn(masterBurnNanos);
        if (counting) {
            masterBurned.addAndGet(burned);
        }
    }

    @Override
    public byte[] export(int from, int to) {
        return new byte[0];
    }

    @Override
    public void importRange(int from, int to, byte[] exported) {
    }

    @Override
    public String checksum() {
        return "burn";
    }
}
