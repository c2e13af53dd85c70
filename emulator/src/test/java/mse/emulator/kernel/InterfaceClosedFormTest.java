package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.ANY;
import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.grants;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/**
 * The network-interface rule (mse.emulator.model.NetworkInterface; LogGP's per-processor g and G) against
 * formulas derived by hand, on the link-bound profile of {@link Fixtures#linkBound}: L = 50 us, G = 0.08 us/byte.
 */
class InterfaceClosedFormTest {

    /**
     * Fan-in: P - 1 slaves send one k-byte message at t = 0 to rank 0. Each leaves at o_s and reaches rank 0's
     * interface at o_s + L; the interface passes them one after the other in source order (equal reach), kG each,
     * so source i's arrives at o_s + L + i kG. kG > o_r, so the master keeps up and ends at
     * o_s + L + (P - 1) kG + o_r; its link was busy (P - 1) kG.
     */
    @Test
    void fanInSerializesAtTheMastersInterface() {
        int p = 17;
        int k = 4100;
        LogGpsModel model = new LogGpsModel(Fixtures.linkBound(0, 5, 3), p);
        List<MessageRecord> records = new ArrayList<>();
        VirtualTimeKernel kernel = new VirtualTimeKernel(model, new TargetCpu(1.0), records::add);
        long kG = 328_000; // 4100 B x 0.08 us/B
        assertEquals(kG, model.transferNanos(k));
        for (int slave = p - 1; slave >= 1; slave--) {
            feed(kernel, send(slave, 0, 1, k), finish(slave));
        }
        for (int i = 1; i < p; i++) {
            feed(kernel, receive(0, ANY, ANY));
        }
        feed(kernel, finish(0));

        for (int i = 1; i < p; i++) {
            MessageRecord m = records.get(i - 1);
            assertEquals(i, m.source(), "equal reach: lower source first");
            assertEquals(5_000 + 50_000 + i * kG, m.arrivalNanos());
        }
        RankAccount master = kernel.result().ranks().get(0);
        assertEquals(5_000 + 50_000 + (p - 1) * kG + 3_000, master.finalClockNanos());
        assertEquals((p - 1) * kG, master.linkBusyNanos());
        assertEquals(kernel.result().predictedNanos(), master.finalClockNanos());
    }

    /**
     * g spacing: with o_s = 1 us < g = 20 us, a rank's empty messages leave its interface every g:
     * leave_i = o_s + i g, and arrive L later (kG = 0). At a receiver, two empty messages that reach it at the
     * same time are also g apart: the second arrives at o_s + L + g.
     */
    @Test
    void smallMessagesAreSpacedByTheGap() {
        LogGpsModel model = new LogGpsModel(Fixtures.linkBound(20, 1, 0), 3);
        List<MessageRecord> records = new ArrayList<>();
        VirtualTimeKernel kernel = new VirtualTimeKernel(model, new TargetCpu(1.0), records::add);
        int n = 10;
        for (int i = 0; i < n; i++) {
            feed(kernel, send(0, 1, i, 0));
        }
        feed(kernel, finish(0), finish(2));
        for (int i = 0; i < n; i++) {
            feed(kernel, receive(1, 0, ANY));
        }
        feed(kernel, finish(1));
        for (int i = 0; i < n; i++) {
            assertEquals(1_000 + i * 20_000L, records.get(i).departureNanos());
            assertEquals(1_000 + i * 20_000L + 50_000, records.get(i).arrivalNanos());
        }

        records.clear();
        VirtualTimeKernel converging = new VirtualTimeKernel(model, new TargetCpu(1.0), records::add);
        feed(converging, send(2, 0, 1, 0), finish(2), send(1, 0, 1, 0), finish(1));
        List<EmulatorReply.Grant> grants = grants(feed(converging, receive(0, ANY, ANY), receive(0, ANY, ANY), finish(0)));
        assertEquals(List.of(1, 2), grants.stream().map(EmulatorReply.Grant::source).toList());
        assertEquals(List.of(51_000L, 71_000L), records.stream().map(MessageRecord::arrivalNanos).toList());
    }

    /**
     * Bandwidth-bound SI: N results of k = 4100 bytes (kG = 328 us), 8-byte tasks, c = 1 us per task, no
     * overheads, P = 64. Task 1 reaches slave 1 at L + 8G; its result reaches the master's interface at
     * 2L + 8G + c. From then on the interface always has a backlog (a slave's next result is back ~100 us
     * after the master took its last one, while 62 others wait 328 us each), so the N results pass back to back
     * and the last arrives at 2L + 8G + c + N kG; its slave's stop arrives L later:
     * T = 3L + 8G + c + N kG, which is N kG = 0.336 s within 0.05% (the 1024-task MASE example).
     */
    @Test
    void bandwidthBoundFarmIsNResultsTimesKG() {
        int p = 64;
        int n = 1024;
        LogGpsModel model = new LogGpsModel(Fixtures.linkBound(0, 0, 0), p);
        RunResult result = new MasterSlaveRun(new VirtualTimeKernel(model, new TargetCpu(1.0)), p, n, 1_000, 8, 4100)
                .run(null);
        long expected = 3 * 50_000 + model.transferNanos(8) + 1_000 + n * model.transferNanos(4100);
        assertEquals(expected, result.predictedNanos());
        assertEquals(n * 328_000L, n * model.transferNanos(4100));
        assertEquals(n * 0.000_328, result.predictedNanos() / 1e9, n * 0.000_328 * 0.02);
        RankAccount master = result.ranks().get(0);
        assertEquals(n * model.transferNanos(4100), master.linkBusyNanos());
    }
}
