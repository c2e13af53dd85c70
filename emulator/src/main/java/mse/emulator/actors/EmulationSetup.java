package mse.emulator.actors;

import java.time.Duration;
import java.util.List;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;

/**
 * What an emulator needs to know before the ranks connect: the target network for P = np processes,
 * the target CPU, which ranks are masters (each gets a MasterQueue), the interface to listen on
 * (loopback unless ranks run on other hosts), how long to wait for every rank to connect, and whether the
 * ranks charge measured CPU time (task cost `real`): only then can a computing rank's lower bound grow
 * before its next fact, so only then are lower bounds asked for.
 */
public record EmulationSetup(LogGpsModel network, TargetCpu cpu, List<Integer> masters, String bindHost,
                             Duration connectTimeout, boolean chargesMeasuredCpu) {

    public EmulationSetup {
        masters = List.copyOf(masters);
        for (int m : masters) {
            if (m < 0 || m >= network.processes()) {
                throw new IllegalArgumentException("master rank " + m + " outside 0.." + (network.processes() - 1));
            }
        }
    }

    public int np() {
        return network.processes();
    }
}
