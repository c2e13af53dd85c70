package mse.emulator.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The kernel's properties ({@link KernelInvariantsTest}) with the non-blocking operations: on the same random
 * farms, the master either polls for results (iprobe as of its virtual now, with a random CPU between polls, a
 * polling loop) and then receives the message it found, or waits for any of its slaves' results with one blocking
 * ProbeAny over a pattern per slave (waitAny over posted receives). Every message is received once, no clock or
 * answer goes back, the run completes, and the interleaving of the ranks' facts changes nothing virtual.
 */
class PollingFarmInvariantsTest {

    @Property(tries = 40)
    void pollingAndWaitAnyMastersKeepEveryInvariant(@ForAll("farms") KernelInvariantsTest.Farm farm, @ForAll boolean waitAny,
                                                   @ForAll long seed) {
        PollingRun run = new PollingRun(farm, waitAny, new Random(seed)).play();
        run.facts.assertEachMessageReceivedOnce();
        assertEquals(farm.tasks() * 2L + (farm.processes() - 1), run.facts.sent(), "tasks, results and one stop per slave");
    }

    @Property(tries = 25)
    void theInterleavingChangesNothingVirtual(@ForAll("farms") KernelInvariantsTest.Farm farm, @ForAll boolean waitAny,
                                              @ForAll long seedA, @ForAll long seedB) {
        FactInterleaver.assertInterleavingChangesNothing(r -> new PollingRun(farm, waitAny, r).play().facts, seedA, seedB);
    }

    @Provide
    Arbitrary<KernelInvariantsTest.Farm> farms() {
        return new KernelInvariantsTest().farms();
    }

    /**
     * The farm of KernelInvariantsTest with a master that polls or waits on any slave. Poll i's CPU is fixed by i,
     * so every rank's facts are the same in every interleaving.
     */
    private static final class PollingRun {

        private final KernelInvariantsTest.Farm farm;
        private final boolean waitAny;
        private final FactInterleaver facts;
        private final List<Deque<Integer>> taskQueues = new ArrayList<>();
        private int tasksSent;
        private int resultsReceived;
        private long polls;
        /** True while the master's last fact was a probe (poll or waitAny), false while it was a receive. */
        private boolean masterProbing;

        PollingRun(KernelInvariantsTest.Farm farm, boolean waitAny, Random interleaving) {
            this.farm = farm;
            this.waitAny = waitAny;
            this.facts = new FactInterleaver(farm.network(), farm.processes(), interleaving);
            for (int rank = 0; rank < farm.processes(); rank++) {
                taskQueues.add(new ArrayDeque<>());
            }
        }

        PollingRun play() {
            for (int slave = 1; slave < farm.processes(); slave++) {
                assignOrStop(slave, 0);
                facts.queue(new RankFact.Receive(slave, 0, 0, RankFact.ANY, false));
            }
            lookForAResult(0);
            facts.playAnswers(this::react);
            return this;
        }

        private void lookForAResult(long cpuBefore) {
            masterProbing = true;
            if (waitAny) {
                List<MessagePattern> slaves = new ArrayList<>();
                for (int slave = farm.processes() - 1; slave >= 1; slave--) {
                    slaves.add(new MessagePattern(slave, KernelInvariantsTest.RESULT));
                }
                facts.queue(new RankFact.ProbeAny(0, cpuBefore, slaves, false));
            } else {
                long pollCpu = cpuBefore + (polls++ * 7919) % 40_000;
                facts.queue(new RankFact.ProbeAny(0, pollCpu, List.of(new MessagePattern(RankFact.ANY, KernelInvariantsTest.RESULT)), true));
            }
        }

        private void react(EmulatorReply answer) {
            if (answer instanceof EmulatorReply.NothingArrived) {
                lookForAResult(0);
            } else if (answer instanceof EmulatorReply.Grant grant && grant.rank() == 0) {
                reactAtMaster(grant);
            } else if (answer instanceof EmulatorReply.Grant grant && grant.tag() == KernelInvariantsTest.TASK) {
                int rank = grant.rank();
                int task = taskQueues.get(rank).poll();
                facts.queue(new RankFact.Sent(rank, farm.slaveCpu()[task], 0, KernelInvariantsTest.RESULT, farm.resultBytes()[task]));
                facts.queue(new RankFact.Receive(rank, 0, 0, RankFact.ANY, false));
            } else {
                facts.queue(new RankFact.Finished(answer.rank(), 0));
            }
        }

        /** A probe found a result: receive exactly it; a receive took it: store it, reassign, look again. */
        private void reactAtMaster(EmulatorReply.Grant grant) {
            if (masterProbing) {
                masterProbing = false;
                facts.queue(new RankFact.Receive(0, 0, grant.source(), grant.tag(), true));
                return;
            }
            long storeCost = farm.masterCpu()[resultsReceived];
            resultsReceived++;
            assignOrStop(grant.source(), storeCost);
            if (resultsReceived == farm.tasks()) {
                facts.queue(new RankFact.Finished(0, 0));
            } else {
                lookForAResult(0);
            }
        }

        private void assignOrStop(int slave, long cpuBefore) {
            if (tasksSent < farm.tasks()) {
                taskQueues.get(slave).add(tasksSent);
                facts.queue(new RankFact.Sent(0, cpuBefore, slave, KernelInvariantsTest.TASK, farm.taskBytes()[tasksSent]));
                tasksSent++;
            } else {
                facts.queue(new RankFact.Sent(0, cpuBefore, slave, KernelInvariantsTest.STOP, 0));
            }
        }
    }
}
