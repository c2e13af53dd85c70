package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/** The kernel against formulas derived by hand from docs/architecture.md "Virtual time rules" and Table 2 of seed 001. */
class ClosedFormTest {

    @Test
    void pingPongRoundTripIsTwiceOverheadsAndWire() {
        int roundTrips = 1000;
        int bytes = 1024;
        LogGpsModel model = Fixtures.model(2);
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        // All of the master's facts first: it blocks in its first receive and the rest are held until granted.
        List<RankFact> master = new ArrayList<>();
        List<RankFact> slave = new ArrayList<>();
        for (int i = 0; i < roundTrips; i++) {
            master.add(send(0, 1, 0, bytes));
            master.add(receive(0, 1, 0));
            slave.add(receive(1, 0, 0));
            slave.add(send(1, 0, 0, bytes));
        }
        master.add(finish(0));
        slave.add(finish(1));
        Fixtures.feed(kernel, master.toArray(RankFact[]::new));
        Fixtures.feed(kernel, slave.toArray(RankFact[]::new));

        // One trip: o_s + (L + kG) + o_r, twice per round trip; exact, since every cost is a whole nanosecond.
        long oneWay = model.sendOverheadNanos(bytes) + model.wireNanos(bytes) + model.recvOverheadNanos(bytes);
        RunResult result = kernel.result();
        assertEquals(new RunOutcome.Completed(), result.outcome());
        assertEquals(roundTrips * 2 * oneWay, result.predictedNanos());
        RankAccount m = result.ranks().get(0);
        assertEquals(roundTrips * model.sendOverheadNanos(bytes), m.sendNanos());
        assertEquals(roundTrips * model.recvOverheadNanos(bytes), m.receiveNanos());
        assertEquals(m.finalClockNanos(), m.sendNanos() + m.receiveNanos() + m.computeNanos() + m.idleNanos());
    }

    /**
     * Master-bound SI (tiny tasks, 32 slaves). The slave turnaround (o_r + c + o_s + 2(L + kG) ~ 170 us) is far
     * below the master's time per round of results (32 (o_r + o_s) ~ 1.2 ms), so after the first P - 1 sends
     * the master never idles: it sends N tasks and P - 1 stops and receives N results back to back, and the
     * last slave finishes once the last stop arrives and is received:
     * T = N (o_r(k_res) + o_s(k_task)) + (P - 1) o_s(0) + L + o_r(0).
     */
    @Test
    void masterBoundRegimeIsNTimesMasterOverheads() {
        int p = 33;
        int n = 20_000;
        int k = 16;
        LogGpsModel model = Fixtures.model(p);
        RunResult result = new MasterSlaveRun(Fixtures.kernel(p), p, n, 10_000, k, k).run(null);
        double expected = n * (double) (model.recvOverheadNanos(k) + model.sendOverheadNanos(k))
                + (p - 1) * model.sendOverheadNanos(0) + model.wireNanos(0) + model.recvOverheadNanos(0);
        assertEquals(expected, result.predictedNanos(), expected * 0.01);
        RankAccount master = result.ranks().get(0);
        assertTrue(master.idleNanos() < 0.01 * master.finalClockNanos(), "the master is the bottleneck");
    }

    /**
     * Slave-bound SI (1 ms tasks, 4 slaves): the master answers each result at once (4 (o_r + o_s) ~ 80 us per
     * round, far below the task), so each slave repeats, N / (P - 1) times, the cycle
     * c + o_s(k_res) + (L + k_res G) + o_r(k_res) + o_s(k_task) + (L + k_task G) + o_r(k_task).
     * Start-up stagger and the final stop add under 0.5 ms: T = N / (P - 1) * cycle within 1%.
     */
    @Test
    void slaveBoundRegimeIsTasksPerSlaveTimesCycle() {
        int p = 5;
        int n = 400;
        int k = 16;
        long task = 1_000_000;
        LogGpsModel model = Fixtures.model(p);
        RunResult result = new MasterSlaveRun(Fixtures.kernel(p), p, n, task, k, k).run(null);
        long oneWay = model.sendOverheadNanos(k) + model.wireNanos(k) + model.recvOverheadNanos(k);
        double expected = (double) n / (p - 1) * (task + 2 * oneWay);
        assertEquals(expected, result.predictedNanos(), expected * 0.01);
        for (int slave = 1; slave < p; slave++) {
            assertEquals(n / (p - 1) * task, result.ranks().get(slave).computeNanos(), "even split, all charged");
        }
        for (RankAccount rank : result.ranks()) {
            assertEquals(rank.finalClockNanos(),
                    rank.sendNanos() + rank.receiveNanos() + rank.computeNanos() + rank.idleNanos(), "breakdown adds up");
        }
    }

    @Test
    void fasterTargetCpuHalvesTheComputation() {
        int p = 5;
        VirtualTimeKernel kernel = new VirtualTimeKernel(Fixtures.model(p), new TargetCpu(2.0));
        RunResult result = new MasterSlaveRun(kernel, p, 40, 1_000_000, 16, 16).run(null);
        assertEquals(10 * 500_000, result.ranks().get(1).computeNanos());
    }
}
