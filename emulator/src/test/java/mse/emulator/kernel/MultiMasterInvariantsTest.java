package mse.emulator.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import mse.cluster.profiles.NetworkProfile;
import mse.emulator.model.LogGpsModel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The invariants of {@link KernelInvariantsTest} on random multiple-master farms (ML): M masters, each with its
 * own slaves (slave s belongs to master s mod M) and its own share of the tasks, whose every receive is
 * ANY_SOURCE and ANY_TAG, optionally preceded by a probe (the master then receives exactly the probed source
 * and tag); when a master other than 0 has all its results it sends master 0 a large summary (4 to 64 KiB),
 * so large results of master 0's slaves and the other masters' summaries converge on master 0's interface;
 * slaves may send heartbeats while computing:
 * <ul>
 * <li>every message sent is received exactly once;</li>
 * <li>no rank's virtual clock ever goes back, and its grants come at non-decreasing times;</li>
 * <li>every master takes its messages in its interface's order (see {@link FactInterleaver#assertInterfaceOrderAt});</li>
 * <li>the interleaving of the ranks' facts changes nothing virtual (prediction, accounts, deliveries).</li>
 * </ul>
 */
class MultiMasterInvariantsTest {

    static final int TASK = 1;
    static final int RESULT = 2;
    static final int STOP = 3;
    static final int SUMMARY = 4;

    /** One ML farm; task i belongs to master i mod M. */
    record Farm(int processes, int masters, long[] slaveCpu, long[] masterCpu, int[] taskBytes, int[] resultBytes,
                int summaryBytes, NetworkProfile network, boolean probes, boolean heartbeats) {

        int tasks() {
            return slaveCpu.length;
        }
    }

    @Property(tries = 40)
    void messagesAreReceivedOnceAndClocksNeverGoBack(@ForAll("farms") Farm farm, @ForAll long seed) {
        Run run = new Run(farm, new Random(seed)).play();
        run.facts.assertEachMessageReceivedOnce();
        assertEquals(farm.tasks() * 2L + (farm.processes() - farm.masters()) + (farm.masters() - 1), run.facts.sent(),
                "tasks, results, one stop per slave and one summary per master but 0");
        LogGpsModel model = new LogGpsModel(farm.network(), farm.processes());
        for (MessageRecord m : run.messages) {
            assertTrue(m.sendNanos() <= m.departureNanos() && m.departureNanos() + model.latencyNanos() <= m.arrivalNanos()
                    && m.arrivalNanos() <= m.receiveStartNanos() && m.receiveStartNanos() <= m.receiveEndNanos(), m.toString());
        }
        for (int master = 0; master < farm.masters(); master++) {
            run.facts.assertInterfaceOrderAt(master, model);
        }
        assertEquals(farm.masters() - 1, run.messages.stream().filter(m -> m.tag() == SUMMARY && m.destination() == 0).count());
    }

    @Property(tries = 25)
    void theInterleavingChangesNothingVirtual(@ForAll("farms") Farm farm, @ForAll long seedA, @ForAll long seedB) {
        FactInterleaver.assertInterleavingChangesNothing(r -> new Run(farm, r).play().facts, seedA, seedB);
    }

    @Provide
    Arbitrary<Farm> farms() {
        Arbitrary<Integer> masters = Arbitraries.integers().between(2, 4);
        Arbitrary<Integer> slavesPerMaster = Arbitraries.integers().between(1, 3);
        Arbitrary<Integer> tasks = Arbitraries.integers().between(0, 30);
        Arbitrary<NetworkProfile> networks = Arbitraries.of(Fixtures.MPICH, Fixtures.linkBound(0, 1, 1),
                Fixtures.linkBound(30, 0, 2), KernelInvariantsTest.ZERO_LOOKAHEAD);
        Arbitrary<Long> syncThreshold = Arbitraries.of(0L, 4096L, Long.MAX_VALUE);
        return Combinators.combine(masters, slavesPerMaster, tasks, networks, syncThreshold, Arbitraries.longs(),
                Arbitraries.of(true, false), Arbitraries.of(true, false)).as((m, perMaster, extra, net, s, seed, probes, beats) -> {
                    Random r = new Random(seed);
                    int n = m + extra; // every master has at least one task
                    long[] slave = new long[n];
                    long[] master = new long[n];
                    int[] task = new int[n];
                    int[] result = new int[n];
                    for (int i = 0; i < n; i++) {
                        slave[i] = r.nextInt(4) == 0 ? 0 : r.nextInt(2_000_000);
                        master[i] = r.nextInt(3) == 0 ? 0 : r.nextInt(100_000);
                        task[i] = r.nextInt(3) == 0 ? 0 : r.nextInt(8192);
                        result[i] = r.nextInt(3) == 0 ? 1 : 4096 + r.nextInt(61_440);
                    }
                    NetworkProfile network = Fixtures.withSyncThreshold(net, s);
                    return new Farm(m + m * perMaster, m, slave, master, task, result, 4096 + r.nextInt(61_440), network, probes, beats);
                });
    }

    /**
     * The ML farm as a program. Task costs are fixed by the task's index (a slave learns it from the FIFO order
     * of its master's sends), so every rank's facts are the same in every interleaving; only the kernel's grants
     * decide which message a master takes next.
     */
    private static final class Run {

        private final Farm farm;
        private final FactInterleaver facts;
        private final List<MessageRecord> messages;
        private final List<Deque<Integer>> taskQueues = new ArrayList<>();
        private final List<Deque<Integer>> masterTasks = new ArrayList<>();
        private final int[] resultsLeft;
        private int summariesLeft;
        private final boolean[] probing;
        private final int[] inFlight;

        Run(Farm farm, Random interleaving) {
            this.farm = farm;
            this.facts = new FactInterleaver(farm.network(), farm.processes(), interleaving);
            this.messages = facts.messages;
            for (int rank = 0; rank < farm.processes(); rank++) {
                taskQueues.add(new ArrayDeque<>());
            }
            resultsLeft = new int[farm.masters()];
            for (int m = 0; m < farm.masters(); m++) {
                masterTasks.add(new ArrayDeque<>());
            }
            for (int i = 0; i < farm.tasks(); i++) {
                masterTasks.get(i % farm.masters()).add(i);
                resultsLeft[i % farm.masters()]++;
            }
            summariesLeft = farm.masters() - 1;
            probing = new boolean[farm.masters()];
            inFlight = new int[farm.processes()];
        }

        Run play() {
            for (int slave = farm.masters(); slave < farm.processes(); slave++) {
                assignOrStop(slave % farm.masters(), slave, 0);
                facts.queue(new RankFact.Receive(slave, 0, slave % farm.masters(), RankFact.ANY, false));
            }
            for (int m = 0; m < farm.masters(); m++) {
                listen(m);
            }
            facts.play(this::react);
            return this;
        }

        private void react(EmulatorReply.Grant grant) {
            int rank = grant.rank();
            if (rank < farm.masters()) {
                master(rank, grant);
            } else if (grant.tag() == TASK) {
                int task = taskQueues.get(rank).poll();
                if (farm.heartbeats() && farm.slaveCpu()[task] > 1) {
                    facts.queue(new RankFact.Progress(rank, facts.factsQueued(rank), farm.slaveCpu()[task] / 2));
                }
                facts.queue(new RankFact.Sent(rank, farm.slaveCpu()[task], rank % farm.masters(), RESULT, farm.resultBytes()[task]));
                facts.queue(new RankFact.Receive(rank, 0, rank % farm.masters(), RankFact.ANY, false));
            } else {
                assertEquals(STOP, grant.tag());
                facts.queue(new RankFact.Finished(rank, 0));
            }
        }

        /** A master's step: a probe's grant is followed by the receive of exactly that message. */
        private void master(int m, EmulatorReply.Grant grant) {
            if (probing[m]) {
                probing[m] = false;
                facts.queue(new RankFact.Receive(m, 0, grant.source(), grant.tag(), true));
                return;
            }
            if (grant.tag() == SUMMARY) {
                assertEquals(0, m, "only master 0 gathers summaries");
                summariesLeft--;
            } else {
                assertEquals(RESULT, grant.tag());
                assertEquals(m, grant.source() % farm.masters(), "master " + m + " got a result of another master's slave");
                resultsLeft[m]--;
                assignOrStop(m, grant.source(), farm.masterCpu()[inFlight[grant.source()]]);
            }
            boolean done = resultsLeft[m] == 0 && (m != 0 || summariesLeft == 0);
            if (!done) {
                listen(m);
            } else if (m == 0) {
                facts.queue(new RankFact.Finished(0, 0));
            } else {
                facts.queue(new RankFact.Sent(m, 0, 0, SUMMARY, farm.summaryBytes()));
                facts.queue(new RankFact.Finished(m, 0));
            }
        }

        private void listen(int m) {
            if (resultsLeft[m] == 0 && (m != 0 || summariesLeft == 0)) {
                throw new AssertionError("master " + m + " listens with nothing left to receive");
            }
            if (farm.probes()) {
                probing[m] = true;
                facts.queue(new RankFact.Probe(m, 0, RankFact.ANY, RankFact.ANY));
            } else {
                facts.queue(new RankFact.Receive(m, 0, RankFact.ANY, RankFact.ANY, true));
            }
        }

        private void assignOrStop(int m, int slave, long cpuBefore) {
            Integer task = masterTasks.get(m).poll();
            if (task != null) {
                taskQueues.get(slave).add(task);
                inFlight[slave] = task;
                facts.queue(new RankFact.Sent(m, cpuBefore, slave, TASK, farm.taskBytes()[task]));
            } else {
                facts.queue(new RankFact.Sent(m, cpuBefore, slave, STOP, 0));
            }
        }
    }
}
