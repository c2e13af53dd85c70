package mse.mpi.comm;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Fault injection: sleeps a random real time (up to maxDelayMillis) before every operation, so ranks reach
 * the emulator in ever different interleavings. Sleeping costs no thread CPU, and virtual time must not
 * notice: the determinism tests compare a chaotic run's prediction with a calm one's, and a user can do the same.
 *
 * <p>`--chaos-delay-ms` of emulate and sweep, passed on to RankMain, makes RankRuntime wrap each rank's Comm in it:
 * the ranks it perturbs are real processes started by mpirun through the CLI, not objects a test could wrap.
 */
public final class ChaosComm implements Comm {

    private final Comm inner;
    private final int maxDelayMillis;
    private final SplittableRandom random;

    public ChaosComm(Comm inner, int maxDelayMillis, long seed) {
        this.inner = inner;
        this.maxDelayMillis = maxDelayMillis;
        this.random = new SplittableRandom(seed ^ (inner.rank() * 0x9E3779B97F4A7C15L));
    }

    private void pause() {
        try {
            Thread.sleep(random.nextInt(maxDelayMillis + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int rank() {
        return inner.rank();
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public void send(byte[] data, int dest, int tag) {
        pause();
        inner.send(data, dest, tag);
    }

    @Override
    public Message recv(int source, int tag) {
        pause();
        return inner.recv(source, tag);
    }

    @Override
    public Envelope probe(int source, int tag) {
        pause();
        return inner.probe(source, tag);
    }

    @Override
    public Request isend(byte[] data, int dest, int tag) {
        pause();
        return inner.isend(data, dest, tag);
    }

    @Override
    public Request irecv(int source, int tag, int capacity) {
        pause();
        return inner.irecv(source, tag, capacity);
    }

    @Override
    public Optional<Envelope> iprobe(int source, int tag) {
        pause();
        return inner.iprobe(source, tag);
    }

    @Override
    public byte[] bcast(byte[] data, int root) {
        pause();
        return inner.bcast(data, root);
    }

    @Override
    public List<byte[]> gather(byte[] data, int root) {
        pause();
        return inner.gather(data, root);
    }

    @Override
    public byte[] reduce(byte[] data, ReduceOp op, int root) {
        pause();
        return inner.reduce(data, op, root);
    }

    @Override
    public void barrier() {
        pause();
        inner.barrier();
    }

    @Override
    public double wtime() {
        return inner.wtime();
    }

    @Override
    public void taskDone(int taskId, long workUnits) {
        pause();
        inner.taskDone(taskId, workUnits);
    }

    @Override
    public void warmUp(Runnable work, Runnable rehearsal) {
        inner.warmUp(work, rehearsal);
    }

    @Override
    public void close() {
        inner.close();
    }
}
