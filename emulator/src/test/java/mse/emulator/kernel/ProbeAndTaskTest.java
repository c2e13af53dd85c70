package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.ANY;
import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.grants;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.LogGpsModel;
import org.junit.jupiter.api.Test;

/** Probes, task records, and the tie case of the grant rule. */
class ProbeAndTaskTest {

    @Test
    void probeWaitsForTheMessageButLeavesItForTheReceive() {
        LogGpsModel model = Fixtures.model(2);
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, send(0, 1, 4, 100), finish(0));
        List<EmulatorReply.Grant> probed = grants(feed(kernel, new RankFact.Probe(1, 0, ANY, ANY)));
        long arrival = model.sendOverheadNanos(100) + model.wireNanos(100);
        assertEquals(List.of(new EmulatorReply.Grant(1, 0, 4, 100, arrival)), probed, "no receive overhead for a probe");
        List<EmulatorReply.Grant> received = grants(feed(kernel, receive(1, 0, 4), finish(1)));
        assertEquals(arrival + model.recvOverheadNanos(100), received.get(0).virtualNanos());
        assertTrue(kernel.outcome() instanceof RunOutcome.Completed);
    }

    @Test
    void taskDoneChargesTheTaskAndRecordsItsVirtualSpan() {
        List<TaskRecord> tasks = new ArrayList<>();
        VirtualTimeKernel kernel = new VirtualTimeKernel(Fixtures.model(2), new mse.emulator.model.TargetCpu(2.0),
                new KernelObserver() {
                    public void messageReceived(MessageRecord message) {
                    }

                    public void taskDone(TaskRecord task) {
                        tasks.add(task);
                    }
                });
        feed(kernel, new RankFact.Computed(1, 1000), new RankFact.TaskDone(1, 8000, 17, 5000));
        assertEquals(List.of(new TaskRecord(17, 1, 5000, 500, 4500)), tasks, "charged 8000 ns at a CPU twice as fast");
        assertEquals(4500, kernel.clockOf(1));
    }

    @Test
    void aRunningLowerRankThatCouldTieHoldsTheGrantBack() {
        LogGpsModel model = Fixtures.model(3);
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        // Rank 2 sends a 0-byte message at time 0: it arrives exactly at the lookahead. Rank 1 still runs at
        // time 0, so a 0-byte send of its own would arrive at the same time and win the tie by rank.
        feed(kernel, send(2, 0, 1, 0));
        assertEquals(model.lookaheadNanos(), model.sendOverheadNanos(0) + model.wireNanos(0));
        assertTrue(grants(feed(kernel, receive(0, ANY, 1))).isEmpty(), "rank 1 could still tie and win");
        List<EmulatorReply.Grant> grants = grants(feed(kernel, send(1, 0, 1, 0)));
        assertEquals(1, grants.get(0).source(), "the tie goes to the lower rank, deterministically");
        feed(kernel, finish(1), finish(2));
    }
}
