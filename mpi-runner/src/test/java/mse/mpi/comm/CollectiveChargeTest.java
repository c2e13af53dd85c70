package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.RankAccount;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.mpi.CpuBurn;
import org.junit.jupiter.api.Test;

/**
 * `--task-cost real` charges a collective like a send: only the program's own work around it, never the collective's
 * own. Each rank allocates 8 MB and burns a known CPU time, then gathers the 8 MB to rank 0, whose copying
 * of 32 MB into one buffer and out again into per-rank arrays takes milliseconds of its CPU: the root must be charged
 * its own work (its own clock's reads around it) within 5%, not that copying too. CPU-time quantities only.
 */
class CollectiveChargeTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int NP = 4;
    private static final int BYTES = 8 << 20;
    private static final long BURN_NANOS = 20_000_000;

    @Test
    void aGathersRootIsChargedOnlyTheProgramsOwnWork() throws Exception {
        AtomicLong rootOwn = new AtomicLong();
        AtomicReference<List<byte[]>> gathered = new AtomicReference<>();
        EmulationReport report = EmulatedWorld.run(ProfileLoader.load("mpich-fast-ethernet").network(), NP,
                CollectiveAlgorithm.BINOMIAL, new TaskCost.Real(), 0, 0, comm -> {
                    comm.warmUp(() -> CpuBurn.burn(1_000_000)); // the start-up before is not the program's: dropped
                    long start = THREADS.getCurrentThreadCpuTime();
                    byte[] mine = new byte[BYTES];
                    CpuBurn.burn(BURN_NANOS);
                    long own = THREADS.getCurrentThreadCpuTime() - start;
                    List<byte[]> all = comm.gather(mine, 0);
                    if (comm.rank() == 0) { // checked after the run: a first assertion loads classes, charged as the program's
                        rootOwn.set(own);
                        gathered.set(all);
                    }
                });
        assertEquals(NP, gathered.get().size());
        assertEquals(BYTES, gathered.get().get(NP - 1).length);
        RankAccount root = report.result().ranks().get(0);
        assertEquals(1.0, root.computeNanos() / (double) rootOwn.get(), 0.05,
                "root charged " + root.computeNanos() + " ns for " + rootOwn.get() + " ns of its own work before its gather");
    }
}
