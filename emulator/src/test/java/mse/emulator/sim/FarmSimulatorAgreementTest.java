package mse.emulator.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.analysis.RunAnalysis;
import mse.emulator.analysis.RunBounds;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.RunResult;
import mse.emulator.model.FarmLayout;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast simulator and the live kernel driven by the same farm's facts must agree to the nanosecond, for
 * SI and ML, on both built-in networks, on one with synchronous messages and on link-bound ones (1024-point
 * results of 4,100 bytes converging on the masters' interfaces, with and without a gap g), so the two cannot
 * drift. Their timelines too: the same charges (rank, kind, span, task, message) and the same messages.
 */
class FarmSimulatorAgreementTest {

    static final NetworkProfile MPICH = ProfileLoader.load("mpich-fast-ethernet").network();
    static final NetworkProfile LOGGPS = ProfileLoader.load("loggps-fast-ethernet").network();
    /** MPICH with S = 40 bytes: MASE results of 9+ points and every ML gather are rendezvous (LogGPS's S). */
    static final NetworkProfile SYNC = new NetworkProfile("sync", "test", 50, 0, 0.0268, 40,
            MPICH.sendOverhead(), MPICH.recvOverhead());
    /** 100 Mbit/s (G = 0.08 us/byte), tiny overheads: large results are bound by the master's incoming link. */
    static final NetworkProfile LINK = new NetworkProfile("link", "test", 50, 0, 0.08, 0,
            new NetworkProfile.Overhead(1, 0, 0), new NetworkProfile.Overhead(1, 0, 0));
    static final NetworkProfile LINK_GAP_SYNC = new NetworkProfile("link-gap-sync", "test", 50, 30, 0.08, 2000,
            new NetworkProfile.Overhead(1, 0, 0), new NetworkProfile.Overhead(2, 0.01, 0.001));

    static List<Arguments> cases() {
        return List.of(
                Arguments.of(MPICH, 2, 1, 7, 1.0, 10), Arguments.of(MPICH, 5, 1, 40, 1.0, 10), Arguments.of(MPICH, 9, 1, 3, 1.0, 10),
                Arguments.of(MPICH, 16, 1, 500, 0.7, 10), Arguments.of(LOGGPS, 8, 1, 200, 2.5, 10),
                Arguments.of(MPICH, 6, 2, 61, 1.0, 10), Arguments.of(MPICH, 13, 3, 300, 1.3, 10), Arguments.of(LOGGPS, 16, 4, 257, 1.0, 10),
                Arguments.of(SYNC, 7, 1, 90, 1.0, 10), Arguments.of(SYNC, 12, 3, 150, 0.9, 10),
                Arguments.of(LINK, 32, 1, 400, 1.0, 1024), Arguments.of(LINK, 32, 4, 400, 1.0, 1024),
                Arguments.of(LINK_GAP_SYNC, 24, 1, 300, 1.0, 1024), Arguments.of(LINK_GAP_SYNC, 24, 3, 300, 1.0, 1024),
                Arguments.of(LINK_GAP_SYNC, 9, 2, 100, 1.0, 3));
    }

    @ParameterizedTest(name = "{0} P={1} masters={2} N={3} ratio={4} points={5}")
    @MethodSource("cases")
    void simulatorAgreesWithTheKernelToTheNanosecond(NetworkProfile profile, int p, int masters, int tasks, double ratio,
                                                     int points) {
        assertAgreement(profile, p, masters, tasks, ratio, points, 1);
    }

    /**
     * --prefetch K: 2 and 4 tasks in flight per slave, SI and ML, fewer tasks than K rounds need (9
     * ranks, 20 tasks, K = 4), link-bound results that queue at the master's interface while the slave computes
     * the next task, and a gap g; results stay eager (the simulator refuses synchronous ones with K > 1).
     */
    static List<Arguments> prefetching() {
        return List.of(
                Arguments.of(MPICH, 2, 1, 30, 1.0, 10, 2), Arguments.of(MPICH, 5, 1, 40, 1.0, 10, 2),
                Arguments.of(MPICH, 9, 1, 20, 1.0, 10, 4), Arguments.of(MPICH, 16, 1, 500, 0.7, 10, 4),
                Arguments.of(LOGGPS, 8, 1, 200, 2.5, 10, 2), Arguments.of(MPICH, 13, 3, 300, 1.3, 10, 2),
                Arguments.of(LOGGPS, 16, 4, 257, 1.0, 10, 4), Arguments.of(LINK, 32, 1, 400, 1.0, 1024, 2),
                Arguments.of(LINK, 32, 4, 400, 1.0, 1024, 4), Arguments.of(LINK_GAP_SYNC, 9, 2, 100, 1.0, 3, 2));
    }

    @ParameterizedTest(name = "{0} P={1} masters={2} N={3} ratio={4} points={5} prefetch={6}")
    @MethodSource("prefetching")
    void prefetchingFarmAgreesWithTheKernelToTheNanosecond(NetworkProfile profile, int p, int masters, int tasks, double ratio,
                                                           int points, int prefetch) {
        assertAgreement(profile, p, masters, tasks, ratio, points, prefetch);
    }

    @org.junit.jupiter.api.Test
    void prefetchingWithSynchronousResultsIsRefusedNotApproximated() {
        FarmSimulator sim = new FarmSimulator(new LogGpsModel(SYNC, 4), new TargetCpu(1.0), FarmShape.uniform(12, 44), 1, 2, false);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> sim.run(new long[] {1, 2, 3}));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("2 tasks in flight per slave with synchronous results"), e.getMessage());
    }

    private static void assertAgreement(NetworkProfile profile, int p, int masters, int tasks, double ratio, int points, int prefetch) {
        SplittableRandom random = new SplittableRandom(p * 31L + tasks);
        long[] costs = new long[tasks];
        for (int t = 0; t < tasks; t++) {
            costs[t] = random.nextInt(4) == 0 ? random.nextLong(1, 2_000_000) : random.nextLong(1, 80_000);
        }
        // MASE-like: 12-byte tasks, results of 4 + 4 per point with a shorter last block.
        FarmShape shape = new FarmShape() {
            public int taskBytes(int task) {
                return 12;
            }

            public int resultBytes(int task) {
                return 4 + 4 * (task == tasks - 1 ? 3 : points);
            }

            public int gatherBytes(int from, int to) {
                return 4 * points * (to - from);
            }
        };
        LogGpsModel network = new LogGpsModel(profile, p);
        TargetCpu cpu = new TargetCpu(ratio);
        Recorder kernelTimeline = new Recorder();
        Recorder simulatedTimeline = new Recorder();
        KernelFarmReplay reference = new KernelFarmReplay(network, cpu, shape, masters, prefetch, costs, kernelTimeline);
        RunResult kernel = reference.run();
        SimulatedRun fast = new FarmSimulator(network, cpu, shape, masters, prefetch, true).observedBy(simulatedTimeline).run(costs);

        assertEquals(kernel.predictedNanos(), fast.predictedNanos());
        assertEquals(reference.messages(), fast.messages());
        for (RankAccount master : fast.masters()) {
            assertEquals(kernel.ranks().get(master.rank()), master, "master " + master.rank());
        }
        long charged = 0;
        for (long c : costs) {
            charged += cpu.chargeNanos(c);
        }
        assertEquals(charged, fast.sequentialNanos());
        assertEquals(kernelTimeline.sortedCharges(), simulatedTimeline.sortedCharges());
        assertEquals(kernelTimeline.sortedMessages(), simulatedTimeline.sortedMessages());
        assertSameBounds(network, cpu, shape, masters, prefetch, costs);
    }

    /** The wait states and the critical path (mse.emulator.analysis) of the simulated run are the kernel's, stretches too. */
    private static void assertSameBounds(LogGpsModel network, TargetCpu cpu, FarmShape shape, int masters, int prefetch,
                                         long[] costs) {
        FarmLayout layout = new FarmLayout(network.processes(), masters);
        List<Integer> masterRanks = java.util.stream.IntStream.range(0, masters).map(layout::groupStart).boxed().toList();
        RunAnalysis kernelAnalysis = new RunAnalysis(network, masterRanks, true);
        RunResult kernel = new KernelFarmReplay(network, cpu, shape, masters, prefetch, costs, kernelAnalysis).run();
        RunBounds simulated = new FarmSimulator(network, cpu, shape, masters, prefetch, false).analysed(true).run(costs).bounds();
        RunBounds expected = kernelAnalysis.bounds(kernel);
        assertEquals(kernel.predictedNanos(), expected.criticalPath().totalNanos());
        assertEquals(expected, simulated);
        assertEquals(kernel.predictedNanos(), expected.criticalStretches().get(expected.criticalStretches().size() - 1).untilNanos());
    }

    /** Everything an observer is told; messages without their sequence numbers, which each side counts its own way. */
    static final class Recorder implements KernelObserver {
        final List<Charge> charges = new ArrayList<>();
        final List<MessageRecord> messages = new ArrayList<>();

        @Override
        public void messageReceived(MessageRecord message) {
            messages.add(message);
        }

        @Override
        public void charged(Charge charge) {
            charges.add(charge);
        }

        List<Charge> sortedCharges() {
            return charges.stream().sorted(Comparator.comparingInt(Charge::rank).thenComparingLong(Charge::startNanos)).toList();
        }

        List<String> sortedMessages() {
            return messages.stream().sorted(Comparator.comparingLong(MessageRecord::sendNanos).thenComparingInt(MessageRecord::source)
                    .thenComparingInt(MessageRecord::destination)).map(m -> m.toString().replaceFirst("sequence=\\d+, ", "")).toList();
        }
    }
}
