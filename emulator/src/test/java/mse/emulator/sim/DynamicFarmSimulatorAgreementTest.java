package mse.emulator.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.TaskRecord;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.LatencyHistograms;
import org.junit.jupiter.api.Test;

/**
 * DY's event loop ({@link DynamicFarmSimulator}) against its run on the live kernel ({@link DynamicFarmReplay}):
 * over random P, task costs, masters' work per result, message lengths, DY settings, prefetch, CPU ratios
 * and both built-in profiles, the same
 * prediction to the nanosecond, the same breakdown of every master, the same latency distributions, the same splits
 * and merges, the same charges, tasks and messages told to an observer (a timeline), message numbering aside, and the
 * same wait states and critical path as the kernel's reports give.
 */
class DynamicFarmSimulatorAgreementTest {

    /** Lengths that vary with the task and the order, as the program's do. */
    private record Shape(int task, int result) implements DynamicShape {
        public int taskBytes(int t) {
            return task + t % 5;
        }

        public int resultBytes(int t) {
            return result + 8 * (t % 3);
        }

        public int stopBytes() {
            return 0;
        }

        public int redirectBytes() {
            return 4;
        }

        public int joinBytes() {
            return 0;
        }

        public int becomeMasterBytes(DynamicMasterState.Reply.BecomeMaster order) {
            return 16 + 8 * order.tasks().size();
        }

        public int mergeBytes(DynamicMasterState.MergeOrder order) {
            return 24 + 8 * order.unassigned().size();
        }

        public int mergeResultsBytes(DynamicMasterState.MergeOrder order) {
            return result * order.results().stream().mapToInt(r -> r.to() - r.from()).sum();
        }
    }

    /** Everything an observer is told, in a canonical order (the two simulations tell it in different orders). */
    private static final class Told implements KernelObserver {
        final List<String> all = new ArrayList<>();

        @Override
        public void messageReceived(MessageRecord m) {
            all.add("message " + m.source() + ">" + m.destination() + " tag " + m.tag() + " bytes " + m.bytes() + " " + m.sendNanos()
                    + " " + m.departureNanos() + " " + m.arrivalNanos() + " " + m.receiveStartNanos() + " " + m.receiveEndNanos());
        }

        @Override
        public void taskDone(TaskRecord task) {
            all.add("task " + task);
        }

        @Override
        public void charged(Charge charge) {
            all.add("charge " + charge);
        }

        List<String> sorted() {
            return all.stream().sorted(Comparator.naturalOrder()).toList();
        }
    }

    @Test
    void theEventLoopGivesTheKernelsRunToTheNanosecond() {
        SplittableRandom random = new SplittableRandom(45);
        for (int trial = 0; trial < 60; trial++) {
            int np = random.nextInt(2, 40);
            int tasks = random.nextInt(1, 1_500);
            long[] costs = new long[tasks];
            long spread = random.nextBoolean() ? 2_000 : 400_000;
            for (int t = 0; t < tasks; t++) {
                costs[t] = 1_000 + random.nextLong(spread);
            }
            DynamicSettings settings = new DynamicSettings(random.nextLong(1, 300_000), random.nextBoolean() ? 0 : random.nextLong(1, 100_000),
                    random.nextInt(0, 4), random.nextInt(0, np));
            int prefetch = random.nextInt(1, 4);
            NetworkModel network = new LogGpsModel(ProfileLoader.load(random.nextBoolean() ? "mpich-fast-ethernet" : "loggps-fast-ethernet")
                    .network(), np);
            TargetCpu cpu = new TargetCpu(random.nextBoolean() ? 1.0 : 1.7);
            Shape shape = new Shape(random.nextInt(4, 64), random.nextInt(4, 2_000));
            // half the trials' masters spend CPU on each result (drawn apart, so the other draws stay those of before)
            SplittableRandom perResult = new SplittableRandom(trial);
            long[] masterCosts = new long[tasks];
            for (int t = 0; trial % 2 == 1 && t < tasks; t++) {
                masterCosts[t] = perResult.nextLong(spread / 2);
            }
            String what = "trial " + trial + ": np " + np + ", " + tasks + " tasks, " + settings + ", prefetch " + prefetch + ", " + shape
                    + (trial % 2 == 1 ? ", masters' work per result" : "");

            Told byKernel = new Told();
            Told byLoop = new Told();
            DynamicFarmReplay.DynamicRun kernel = new DynamicFarmReplay(network, cpu, shape, settings, prefetch, costs, masterCosts)
                    .analysed(true).observedBy(byKernel).run();
            DynamicFarmReplay.DynamicRun loop = new DynamicFarmSimulator(network, cpu, shape, settings, prefetch, costs, masterCosts)
                    .analysed(true).observedBy(byLoop).run();
            DynamicFarmReplay.DynamicRun unobserved = new DynamicFarmSimulator(network, cpu, shape, settings, prefetch, costs, masterCosts)
                    .run();

            for (DynamicFarmReplay.DynamicRun run : List.of(loop, unobserved)) {
                assertEquals(kernel.run().predictedNanos(), run.run().predictedNanos(), what);
                assertEquals(kernel.run().sequentialNanos(), run.run().sequentialNanos(), what);
                assertEquals(kernel.run().messages(), run.run().messages(), what);
                assertEquals(kernel.run().masters(), run.run().masters(), what);
                assertEquals(kernel.events(), run.events(), what);
                assertEquals(distributions(kernel.run().latency()), distributions(run.run().latency()), what);
            }
            assertEquals(byKernel.sorted(), byLoop.sorted(), what);
            // the wait states and critical path (its stretches too) the kernel's reports give, adding up to the prediction
            assertEquals(kernel.run().predictedNanos(), kernel.run().bounds().criticalPath().totalNanos(), what);
            assertEquals(kernel.run().bounds(), loop.run().bounds(), what);
            assertNull(unobserved.run().bounds(), what);
        }
    }

    private static List<String> distributions(LatencyHistograms h) {
        return List.of(h.queueWaitNanos(), h.queueLength(), h.slaveWaitNanos(), h.receiveOverheadNanos()).stream()
                .map(x -> x.getTotalCount() + " " + x.getMinValue() + " " + x.getValueAtPercentile(50) + " " + x.getValueAtPercentile(99)
                        + " " + x.getMaxValue() + " " + x.getMean())
                .toList();
    }
}
