package mse.emulator.actors;

import java.time.Duration;
import java.util.List;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;
import mse.emulator.timeline.TimelineSetup;

/**
 * What an emulator needs to know before the ranks connect: the target network for P = np processes,
 * the target CPU of each rank (its host's ratio on several hosts), which ranks are masters (each gets a
 * MasterQueue), the interface to listen on (loopback unless ranks run on other hosts), how long to wait
 * for every rank to connect, where the run's timeline goes (if anywhere), and whether the ranks charge
 * measured CPU time (task cost `real`): only then can a computing rank's lower bound grow before its next
 * fact, so only then are lower bounds asked for.
 */
public record EmulationSetup(NetworkModel network, RankCpus cpus, List<Integer> masters, String bindHost,
                             Duration connectTimeout, TimelineSetup timeline, boolean chargesMeasuredCpu) {

    /** A run that charges measured CPU (lower bounds asked for on demand). */
    public EmulationSetup(NetworkModel network, RankCpus cpus, List<Integer> masters, String bindHost,
                          Duration connectTimeout, TimelineSetup timeline) {
        this(network, cpus, masters, bindHost, connectTimeout, timeline, true);
    }

    /** A run without a timeline. */
    public EmulationSetup(NetworkModel network, RankCpus cpus, List<Integer> masters, String bindHost, Duration connectTimeout) {
        this(network, cpus, masters, bindHost, connectTimeout, TimelineSetup.off());
    }

    public EmulationSetup {
        masters = List.copyOf(masters);
        if (cpus.ranks() != network.processes()) {
            throw new IllegalArgumentException(cpus.ranks() + " rank CPUs for " + network.processes() + " processes");
        }
        for (int m : masters) {
            if (m < 0 || m >= network.processes()) {
                throw new IllegalArgumentException("master rank " + m + " outside 0.." + (network.processes() - 1));
            }
        }
    }

    /** Every rank on the same target CPU. */
    public EmulationSetup(NetworkModel network, TargetCpu cpu, List<Integer> masters, String bindHost,
                          Duration connectTimeout) {
        this(network, RankCpus.uniform(cpu, network.processes()), masters, bindHost, connectTimeout);
    }

    /** The same setup for ranks that do (task cost `real`) or do not (deterministic costs) charge measured CPU. */
    public EmulationSetup chargingMeasuredCpu(boolean charges) {
        return new EmulationSetup(network, cpus, masters, bindHost, connectTimeout, timeline, charges);
    }

    public int np() {
        return network.processes();
    }
}
