package mse.mpi.apps.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.Supplier;
import mse.mpi.apps.ep.EpWorkload;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import mse.mpi.apps.mase.MaseJob;
import mse.mpi.apps.mase.MaseWorkload;
import mse.mpi.comm.LocalWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Strategies on ranks as threads (LocalComm): rank 0 ends with exactly the sequential results. */
class StrategiesLocalTest {

    private static final ImageSpec IMAGE = new ImageSpec(48, 40, -2, 1, -1.5, 1.5, 200);

    /** Runs the strategy and returns rank 0's checksum. */
    private static String run(int np, Strategy strategy, Supplier<Workload> work) {
        String[] checksum = new String[1];
        new LocalWorld(np).run(comm -> {
            Workload w = work.get();
            strategy.run(comm, w);
            if (comm.rank() == 0) {
                checksum[0] = w.checksum();
            }
        });
        return checksum[0];
    }

    @ParameterizedTest(name = "SI np {0}, {1} points per task")
    @CsvSource({"2, 1", "5, 1", "2, 64", "5, 64", "5, 7", "5, 1000", "9, 1920"})
    void singleMasterImageMatchesSequential(int np, int taskPoints) {
        MaseJob job = new MaseJob(IMAGE, taskPoints);
        assertEquals(CountImage.sequential(IMAGE).checksum(), run(np, new SingleMaster(), () -> new MaseWorkload(job)));
    }

    @ParameterizedTest(name = "ML np {0}, {1} masters, {2} points per task")
    @CsvSource({"4, 2, 1", "8, 4, 16", "7, 3, 5", "9, 2, 333"})
    void multipleMastersImageMatchesSequential(int np, int masters, int taskPoints) {
        MaseJob job = new MaseJob(IMAGE, taskPoints);
        assertEquals(CountImage.sequential(IMAGE).checksum(),
                run(np, new MultipleMasters(masters), () -> new MaseWorkload(job)));
    }

    /**
     * --prefetch K: the same image with K tasks in flight per slave, for every strategy, also when the
     * K rounds at the start need more tasks than there are (np 9, 20 tasks, K = 4) and when a DY master splits.
     */
    @ParameterizedTest(name = "np {0}, {1} points per task, prefetch {2}")
    @CsvSource({"2, 16, 2", "5, 7, 2", "5, 16, 4", "9, 96, 4", "8, 4, 3"})
    void prefetchingSlavesKeepTheImageForEveryStrategy(int np, int taskPoints, int prefetch) {
        MaseJob job = new MaseJob(IMAGE, taskPoints);
        String expected = CountImage.sequential(IMAGE).checksum();
        assertEquals(expected, run(np, new SingleMaster(prefetch), () -> new MaseWorkload(job)), "SI");
        if (np >= 4) {
            assertEquals(expected, run(np, new MultipleMasters(2, prefetch), () -> new MaseWorkload(job)), "ML");
        }
        DynamicMasters dy = new DynamicMasters(mse.emulator.dynamic.DynamicSettings.parse("1ns", "0", 2, 2), prefetch);
        assertEquals(expected, run(np, dy, () -> new MaseWorkload(job)), "DY");
    }

    /**
     * The rehearsal before a plain run (FarmWarmUp, Comm#warmUp(Runnable, Runnable)) is the farm itself over the first
     * tasks, several times: every message it brings is consumed (the run after it completes) and it leaves the results
     * as the run will (rank 0 ends with the sequential image), also with fewer tasks than rounds or slaves.
     */
    @ParameterizedTest(name = "np {0}, {1} points per task, rehearsal of {2} tasks, prefetch {3}")
    @CsvSource({"2, 16, 256, 1", "5, 7, 40, 2", "9, 96, 3, 1", "8, 4, 256, 3"})
    void aRehearsalLeavesNoMessageAndTheSameResults(int np, int taskPoints, int rehearsed, int prefetch) {
        MaseJob job = new MaseJob(IMAGE, taskPoints);
        String expected = CountImage.sequential(IMAGE).checksum();
        for (Strategy strategy : np >= 4 ? java.util.List.<Strategy>of(new SingleMaster(prefetch), new MultipleMasters(2, prefetch))
                : java.util.List.<Strategy>of(new SingleMaster(prefetch))) {
            String[] checksum = new String[1];
            int[] collected = new int[1];
            new LocalWorld(np).run(comm -> {
                Workload w = new MaseWorkload(job);
                Workload counting = comm.rank() == 0 ? counting(w, collected) : w;
                comm.warmUp(() -> { }, () -> strategy.rehearse(comm, counting, rehearsed));
                strategy.run(comm, w);
                if (comm.rank() == 0) {
                    checksum[0] = w.checksum();
                }
            });
            assertEquals(expected, checksum[0], strategy.toString());
            if (strategy instanceof SingleMaster) {
                assertEquals(Math.min(rehearsed, new MaseWorkload(job).tasks()), collected[0], "results the rehearsal collected");
            }
        }
    }

    /** w, counting the results rank 0 collects. */
    private static Workload counting(Workload w, int[] collected) {
        return (Workload) java.lang.reflect.Proxy.newProxyInstance(Workload.class.getClassLoader(), new Class<?>[] {Workload.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("collect")) {
                        collected[0]++;
                    }
                    try {
                        return method.invoke(w, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void epChecksumIsIndependentOfStrategyAndP() {
        Supplier<Workload> ep = () -> new EpWorkload(37, 2000, 7);
        String reference = run(2, new SingleMaster(), ep);
        assertEquals(reference, run(6, new SingleMaster(), ep));
        assertEquals(reference, run(8, new MultipleMasters(3), ep));
    }

    @Test
    void multipleMastersGroupsAreContiguousAndBalanced() {
        mse.emulator.model.FarmLayout ml = new mse.emulator.model.FarmLayout(10, 3);
        assertEquals(java.util.List.of(0, 3, 6), ml.masters());
        assertEquals(2, ml.groupOf(7));
        assertEquals(0, ml.taskStart(0, 100));
        assertEquals(33, ml.taskStart(1, 100));
        assertEquals(100, ml.taskStart(3, 100));
    }
}
