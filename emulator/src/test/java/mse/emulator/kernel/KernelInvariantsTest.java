package mse.emulator.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import mse.cluster.profiles.NetworkProfile;
import mse.emulator.model.LogGpsModel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * docs/architecture.md "Virtual time rules" as properties of the kernel, on random single-master farms (random P, task
 * count, per-task compute and message sizes up to 64 KiB, eager or rendezvous sends, heartbeats; the paper's
 * network, where the master's CPU saturates first, or link-bound ones with and without a gap g, where many
 * large results converge on the master's interface, and one with zero lookahead) fed in random interleavings
 * of the ranks' facts (each rank's own facts stay in program order, as the actor shell guarantees):
 * <ul>
 * <li>every message sent is received exactly once (the kernel's sequence numbers 0..n-1, each once);</li>
 * <li>no rank's virtual clock ever goes back, after any fact, and its grants come at non-decreasing times;</li>
 * <li>the same facts give the same prediction, the same per-rank accounts and the same deliveries whatever the
 * interleaving (docs/architecture.md "Determinism");</li>
 * <li>the grant rule never lets a message pass the master's interface before one that should have passed
 * first: the master, whose every receive is ANY_SOURCE, takes its messages in increasing interface order
 * (reach = departure + L, source, sequence) and at non-decreasing arrivals, and its link is busy max(g, kG)
 * per message. Since every message is received, this is the precise form of "when m passes, every message
 * announced then or later sorts after m": one held back at m's passing but earlier than m would appear after m
 * in the sequence with a smaller key.</li>
 * <li>what the kernel says the master's next receive takes while the master runs ({@link
 * VirtualTimeKernel#decidedMatch}, which the keeper tells the master ahead) is what that receive is granted, with
 * slaves that wait for their grants and with slaves that receive without waiting (LocalComm's), whose later facts
 * reach the kernel before their receive is settled and wait there.</li>
 * </ul>
 */
class KernelInvariantsTest {

    static final int TASK = 1;
    static final int RESULT = 2;
    static final int STOP = 3;

    /** L = 0 and no send overhead: a woken rank can send something that reaches an interface at once. */
    static final NetworkProfile ZERO_LOOKAHEAD = new NetworkProfile("zero-lookahead", "test", 0, 0, 0.08, 0,
            new NetworkProfile.Overhead(0, 0, 0), new NetworkProfile.Overhead(0.5, 0, 0.01));

    /** One farm: per-task costs and sizes, and how the network treats large messages. */
    record Farm(int processes, long[] slaveCpu, long[] masterCpu, int[] taskBytes, int[] resultBytes,
                NetworkProfile network, boolean heartbeats) {

        int tasks() {
            return slaveCpu.length;
        }
    }

    @Property(tries = 60)
    void messagesAreReceivedOnceClocksNeverGoBackAndTheMasterTakesArrivalOrder(@ForAll("farms") Farm farm, @ForAll long seed) {
        Run run = new Run(farm, new Random(seed)).play();
        run.facts.assertEachMessageReceivedOnce();
        assertEquals(farm.tasks() * 2L + (farm.processes() - 1), run.facts.sent(), "tasks, results and one stop per slave");

        LogGpsModel model = new LogGpsModel(farm.network(), farm.processes());
        run.facts.assertInterfaceOrderAt(0, model);
        for (MessageRecord m : run.messages) {
            assertTrue(m.arrivalNanos() - model.transferNanos(m.bytes()) >= m.departureNanos() + model.latencyNanos(),
                    "passed before it reached the interface: " + m);
        }
        for (MessageRecord m : run.messages) {
            assertTrue(m.sendNanos() <= m.departureNanos() && m.departureNanos() <= m.arrivalNanos()
                    && m.arrivalNanos() <= m.receiveStartNanos() && m.receiveStartNanos() <= m.receiveEndNanos(), m.toString());
        }
    }

    @Property(tries = 80)
    void whatTheKernelDecidedAheadIsWhatTheMasterIsGranted(@ForAll("farms") Farm farm, @ForAll long seed,
                                                           @ForAll boolean slavesWait) {
        Run run = new Run(farm, new Random(seed), slavesWait);
        EmulatorReply.Grant.Next[] decided = new EmulatorReply.Grant.Next[1];
        run.facts.afterEachFact(kernel -> {
            if (decided[0] == null && kernel.isRunning(0)) {
                decided[0] = kernel.decidedMatch(0, new MessagePattern(RankFact.ANY, RESULT)).orElse(null);
            }
        });
        run.onMasterGrant(grant -> {
            if (decided[0] != null) {
                assertEquals(decided[0], new EmulatorReply.Grant.Next(grant.source(), grant.tag(), grant.bytes()),
                        "decided ahead, then granted");
            }
            decided[0] = null;
        });
        run.play();
        run.facts.assertEachMessageReceivedOnce();
    }

    @Property(tries = 40)
    void theInterleavingChangesNothingVirtual(@ForAll("farms") Farm farm, @ForAll long seedA, @ForAll long seedB) {
        FactInterleaver.assertInterleavingChangesNothing(r -> new Run(farm, r).play().facts, seedA, seedB);
    }

    @Provide
    Arbitrary<Farm> farms() {
        Arbitrary<Integer> processes = Arbitraries.integers().between(2, 12);
        Arbitrary<Integer> tasks = Arbitraries.integers().between(1, 40);
        Arbitrary<Long> syncThreshold = Arbitraries.of(0L, 512L, 4096L);
        Arbitrary<NetworkProfile> networks = Arbitraries.of(Fixtures.MPICH, Fixtures.linkBound(0, 1, 1),
                Fixtures.linkBound(30, 0, 2), ZERO_LOOKAHEAD);
        Arbitrary<Integer> largest = Arbitraries.of(8192, 65_536);
        return Combinators.combine(processes, tasks, syncThreshold, networks, largest, Arbitraries.longs(), Arbitraries.of(true, false))
                .as((p, n, s, net, big, seed, beats) -> {
                    Random r = new Random(seed);
                    long[] slave = new long[n];
                    long[] master = new long[n];
                    int[] task = new int[n];
                    int[] result = new int[n];
                    for (int i = 0; i < n; i++) {
                        slave[i] = r.nextInt(4) == 0 ? 0 : r.nextInt(2_000_000);
                        master[i] = r.nextInt(3) == 0 ? 0 : r.nextInt(100_000);
                        task[i] = r.nextInt(3) == 0 ? 0 : r.nextInt(8192);
                        result[i] = r.nextInt(3) == 0 ? 1 : r.nextInt(big);
                    }
                    NetworkProfile network = Fixtures.withSyncThreshold(net, s);
                    return new Farm(p, slave, master, task, result, network, beats);
                });
    }

    /**
     * A single-master farm as a program: the master sends one task per slave, then "receive a result from ANY
     * slave, compute, send that slave the next task or a stop"; a slave "receives from the master, computes the
     * task's cost, sends the result". Task i's costs are fixed by i (a slave learns i from the FIFO order of the
     * master's sends to it), so the facts of every rank are the same in every interleaving.
     */
    private static final class Run {

        private final Farm farm;
        /** Slaves wait for the grant of their receive before they go on (false: LocalComm's receive, no wait). */
        private final boolean slavesWait;
        private Consumer<EmulatorReply.Grant> masterGranted = grant -> { };
        private final FactInterleaver facts;
        private final List<MessageRecord> messages;
        private final List<Deque<Integer>> taskQueues = new ArrayList<>();
        private int tasksSent;
        private int resultsReceived;
        private RunResult result;

        Run(Farm farm, Random interleaving) {
            this(farm, interleaving, true);
        }

        Run(Farm farm, Random interleaving, boolean slavesWait) {
            this.farm = farm;
            this.slavesWait = slavesWait;
            this.facts = new FactInterleaver(farm.network(), farm.processes(), interleaving);
            this.messages = facts.messages;
            for (int rank = 0; rank < farm.processes(); rank++) {
                taskQueues.add(new ArrayDeque<>());
            }
        }

        void onMasterGrant(Consumer<EmulatorReply.Grant> check) {
            masterGranted = check;
        }

        Run play() {
            for (int slave = 1; slave < farm.processes(); slave++) {
                facts.queue(new RankFact.Receive(slave, 0, 0, RankFact.ANY, false));
                assignOrStop(slave, 0);
            }
            facts.queue(new RankFact.Receive(0, 0, RankFact.ANY, RESULT, true));
            result = facts.play(this::react);
            return this;
        }

        private void react(EmulatorReply.Grant grant) {
            if (grant.rank() == 0) {
                masterGranted.accept(grant);
                long storeCost = farm.masterCpu()[resultsReceived];
                resultsReceived++;
                assignOrStop(grant.source(), storeCost);
                facts.queue(resultsReceived == farm.tasks()
                        ? new RankFact.Finished(0, 0)
                        : new RankFact.Receive(0, 0, RankFact.ANY, RESULT, true));
            } else if (!slavesWait) {
                // the slave went on when MPI delivered the message (see assignOrStop)
            } else if (grant.tag() == TASK) {
                work(grant.rank());
            } else {
                facts.queue(new RankFact.Finished(grant.rank(), 0));
            }
        }

        /** The slave computes its next task, sends the result and receives again. */
        private void work(int rank) {
            int task = taskQueues.get(rank).poll();
            long cpu = farm.slaveCpu()[task];
            if (farm.heartbeats() && cpu > 1) {
                facts.queue(new RankFact.Progress(rank, facts.factsQueued(rank), cpu / 2));
            }
            facts.queue(new RankFact.Sent(rank, cpu, 0, RESULT, farm.resultBytes()[task]));
            facts.queue(new RankFact.Receive(rank, 0, 0, RankFact.ANY, false));
        }

        private void assignOrStop(int slave, long cpuBefore) {
            if (tasksSent < farm.tasks()) {
                taskQueues.get(slave).add(tasksSent);
                facts.queue(new RankFact.Sent(0, cpuBefore, slave, TASK, farm.taskBytes()[tasksSent]));
                tasksSent++;
                if (!slavesWait) {
                    work(slave); // its facts reach the kernel before its receive is settled, and wait there
                }
            } else {
                facts.queue(new RankFact.Sent(0, cpuBefore, slave, STOP, 0));
                if (!slavesWait) {
                    facts.queue(new RankFact.Finished(slave, 0));
                }
            }
        }
    }
}
