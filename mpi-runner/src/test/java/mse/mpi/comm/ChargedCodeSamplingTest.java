package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.TaskCost;
import mse.mpi.launch.UnchargedCode;
import org.junit.jupiter.api.Test;

/**
 * The ranks' C2 exclusion (UnchargedCode) against what the meter brackets: a farm runs emulated in real
 * mode, its slaves' tasks using JDK code a program may use (a digest, a checksum, compression), its master reading
 * messages and encoding numbers; a thread looks at every program thread's stack every millisecond, and a look that
 * fell inside one charged interval (EmulatedComm#chargedInterval the same before and after) must show no frame of an
 * excluded class: what is charged compiles as in a plain run. The looks must be many, or the test would prove nothing.
 */
class ChargedCodeSamplingTest {

    private static final int NP = 3;
    private static final int TASKS = 600;
    private static final int TASK_TAG = 1;
    private static final int RESULT_TAG = 2;
    private static final int STOP_TAG = 3;

    @Test
    void nothingExcludedRunsInAChargedInterval() throws Exception {
        List<String> prefixes = UnchargedCode.patterns().stream().map(p -> p.substring(0, p.length() - "*.*".length())).toList();
        Map<Thread, EmulatedComm> programs = new ConcurrentHashMap<>();
        List<String> violations = new ArrayList<>();
        int[] looks = new int[1];
        Thread sampler = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    programs.forEach((thread, comm) -> {
                        long before = comm.chargedInterval();
                        StackTraceElement[] stack = thread.getStackTrace();
                        if (before >= 0 && comm.chargedInterval() == before) {
                            looks[0]++;
                            for (StackTraceElement frame : stack) {
                                String name = frame.getClassName().replace('.', '/');
                                if (prefixes.stream().anyMatch(name::startsWith) && violations.size() < 10) {
                                    violations.add(frame + " in a charged interval");
                                }
                            }
                        }
                    });
                    Thread.sleep(1);
                }
            } catch (InterruptedException e) {
                // the farm is over
            }
        }, "sampler");
        sampler.start();
        try {
            EmulatedWorld.run(ProfileLoader.load("mpich-fast-ethernet").network(), NP, CollectiveAlgorithm.BINOMIAL,
                    new TaskCost.Real(), 0, 0, comm -> {
                        // as FarmWarmUp: classes are loaded and code compiled before the farm, in the uncharged warm-up
                        comm.warmUp(() -> {
                            ReduceOp.toLongs(ReduceOp.longs(task(new byte[256 << 10], new byte[300 << 10], 0)));
                        });
                        programs.put(Thread.currentThread(), (EmulatedComm) comm);
                        if (comm.rank() == 0) {
                            master(comm);
                        } else {
                            slave(comm);
                        }
                    });
        } finally {
            sampler.interrupt();
            sampler.join();
        }
        assertTrue(violations.isEmpty(), String.join("\n", violations));
        assertTrue(looks[0] >= 50, "only " + looks[0] + " looks fell inside a charged interval");
    }

    private static void master(Comm comm) {
        int next = 0;
        for (int slave = 1; slave < NP; slave++) {
            comm.send(ReduceOp.longs(next++), slave, TASK_TAG);
        }
        long sum = 0;
        for (int done = 0; done < TASKS; done++) {
            Message m = comm.recv(Comm.ANY_SOURCE, RESULT_TAG);
            sum += ReduceOp.toLongs(m.data())[0];
            if (next < TASKS) {
                comm.send(ReduceOp.longs(next++), m.source(), TASK_TAG);
            } else {
                comm.send(new byte[0], m.source(), STOP_TAG);
            }
        }
        assertTrue(sum != 0);
    }

    /** Each task: SHA-256, CRC-32 and deflate over 256 kB seeded by the task id. */
    private static void slave(Comm comm) {
        byte[] block = new byte[256 << 10];
        byte[] packed = new byte[300 << 10];
        while (true) {
            Message m = comm.recv(0, Comm.ANY_TAG);
            if (m.tag() == STOP_TAG) {
                return;
            }
            long result = task(block, packed, ReduceOp.toLongs(m.data())[0]);
            comm.send(ReduceOp.longs(result == 0 ? 1 : result), 0, RESULT_TAG);
        }
    }

    private static long task(byte[] block, byte[] packed, long task) {
        for (int i = 0; i < block.length; i++) {
            block[i] = (byte) (task * 31 + i / 7);
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(block);
            CRC32 crc = new CRC32();
            crc.update(block);
            Deflater deflater = new Deflater(1);
            deflater.setInput(block);
            deflater.finish();
            int length = deflater.deflate(packed);
            deflater.end();
            return ByteBuffer.wrap(digest).getLong() ^ crc.getValue() ^ length;
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
