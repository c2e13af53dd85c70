package mse.emulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.ProfileLoader;
import org.junit.jupiter.api.Test;

class LogGpsModelTest {

    private final NetworkProfile mpich = ProfileLoader.load("mpich-fast-ethernet").network();

    @Test
    void table2MseRowAtEightProcesses() {
        LogGpsModel model = new LogGpsModel(mpich, 8);
        // o_s = 12.1 + 0.182 * 8 + 0.0708 * 100 = 20.636 us; o_r = 12.1 + 1.456 + 7.22 = 20.776 us
        assertEquals(20_636, model.sendOverheadNanos(100));
        assertEquals(20_776, model.recvOverheadNanos(100));
        // L + k G = 50 + 100 * 0.0268 = 52.68 us
        assertEquals(52_680, model.wireNanos(100));
        // lookahead = o_s(P, 0) + L = 13.556 + 50 us
        assertEquals(63_556, model.lookaheadNanos());
    }

    @Test
    void aProfileWhoseModelIsLogGpsGivesLogGpsCosts() {
        NetworkModel chosen = NetworkModel.of(mpich, 8);
        assertTrue(chosen instanceof LogGpsModel, chosen.getClass().getName());
        assertEquals(new LogGpsModel(mpich, 8).recvOverheadNanos(100), chosen.recvOverheadNanos(100));
    }

    @Test
    void synchronousOnlyAtOrAboveThresholdWhenThresholdSet() {
        assertFalse(new LogGpsModel(mpich, 2).isSynchronous(1 << 30), "S = 0: every message is eager");
        NetworkProfile rendezvous = new NetworkProfile("r", "test", 50, 0, 0.0268, 1000,
                mpich.sendOverhead(), mpich.recvOverhead());
        LogGpsModel model = new LogGpsModel(rendezvous, 2);
        assertFalse(model.isSynchronous(999));
        assertTrue(model.isSynchronous(1000));
    }

    @Test
    void fasterTargetCpuChargesLess() {
        assertEquals(500, new TargetCpu(2.0).chargeNanos(1000));
        assertEquals(2000, new TargetCpu(0.5).chargeNanos(1000));
        assertEquals(1000, new TargetCpu(1.0).chargeNanos(1000));
        assertEquals(333, new TargetCpu(3.0).chargeNanos(1000));
    }
}
