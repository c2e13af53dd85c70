package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md "Determinism": the virtual result depends only on each rank's own facts, not on the order in
 * which facts of different ranks reach the kernel (the actor shell sees them in whatever order the host runs).
 */
class DeterminismTest {

    @Test
    void interleavingOfRanksDoesNotChangeTheVirtualResult() {
        // 8 slaves with tasks of ~ the master's round time: results queue at the master, so order matters.
        Outcome reference = run(null);
        for (long seed = 1; seed <= 8; seed++) {
            Outcome shuffled = run(new Random(seed));
            assertEquals(reference.result(), shuffled.result(), "interleaving seed " + seed);
            assertEquals(reference.messages(), shuffled.messages(), "interleaving seed " + seed);
        }
    }

    @Test
    void largeResultsConvergingOnTheMastersLinkDoNotDependOnTheInterleaving() {
        // 15 slaves send 64 KiB results after 20 us tasks: they queue at the master's incoming interface, not its CPU.
        LogGpsModel model = new LogGpsModel(Fixtures.linkBound(10, 2, 2), 16);
        Outcome reference = run(null, model, 16, 200, 20_000, 64 * 1024);
        RankAccount master = reference.result().ranks().get(0);
        assertTrue(master.linkBusyNanos() > 0.95 * master.finalClockNanos(), "the link is the bottleneck");
        for (long seed = 1; seed <= 8; seed++) {
            Outcome shuffled = run(new Random(seed), model, 16, 200, 20_000, 64 * 1024);
            assertEquals(reference.result(), shuffled.result(), "interleaving seed " + seed);
            assertEquals(reference.messages(), shuffled.messages(), "interleaving seed " + seed);
        }
    }

    @Test
    void factsThatArriveWhileARankIsBlockedApplyWhenItWakes() {
        // Rank 1 receives from rank 0 without asking (needsAnswer = false), so in MPI it goes on and its later
        // facts may reach the kernel before rank 0's Sent does.
        VirtualTimeKernel early = Fixtures.kernel(2);
        feed(early, receive(1, 0, 1), new RankFact.Sent(1, 300_000, 0, 2, 100), finish(1));
        feed(early, send(0, 1, 1, 100), receive(0, 1, 2), finish(0));

        VirtualTimeKernel inOrder = Fixtures.kernel(2);
        feed(inOrder, send(0, 1, 1, 100), receive(0, 1, 2), finish(0));
        feed(inOrder, receive(1, 0, 1), new RankFact.Sent(1, 300_000, 0, 2, 100), finish(1));

        assertEquals(inOrder.result(), early.result());
        assertEquals(new RunOutcome.Completed(), early.outcome());
    }

    /** A message as the program sees it; the kernel's sequence numbers follow fact arrival, so they are left out. */
    private record Delivery(int source, int destination, int tag, int bytes, long sendNanos, long arrivalNanos,
                            long receiveStartNanos, long receiveEndNanos) {
        Delivery(MessageRecord m) {
            this(m.source(), m.destination(), m.tag(), m.bytes(), m.sendNanos(), m.arrivalNanos(),
                    m.receiveStartNanos(), m.receiveEndNanos());
        }
    }

    private record Outcome(RunResult result, List<Delivery> messages) {}

    private static Outcome run(Random interleaving) {
        return run(interleaving, Fixtures.model(9), 9, 300, 250_000, 4096);
    }

    private static Outcome run(Random interleaving, LogGpsModel model, int p, int tasks, long taskCpu, int resultBytes) {
        List<MessageRecord> messages = new ArrayList<>();
        VirtualTimeKernel kernel = new VirtualTimeKernel(model, new TargetCpu(1.0), messages::add);
        RunResult result = new MasterSlaveRun(kernel, p, tasks, taskCpu, 64, resultBytes).run(interleaving);
        List<Delivery> deliveries = new ArrayList<>(messages.stream().map(Delivery::new).toList());
        deliveries.sort(java.util.Comparator.comparingLong(Delivery::sendNanos).thenComparingInt(Delivery::source));
        return new Outcome(result, deliveries);
    }
}
