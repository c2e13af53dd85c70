package mse.mpi.comm;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.cluster.profiles.NetworkProfile;
import mse.emulator.actors.EmulationSession;
import mse.emulator.actors.EmulationSetup;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;

/** Test-only: ranks as threads over EmulatedComm, with a deterministic task cost, optionally under ChaosComm. */
final class EmulatedWorld {

    private EmulatedWorld() {
    }

    static EmulationReport run(NetworkProfile network, int np, CollectiveAlgorithm algorithm, TaskCost cost,
                               int chaosMillis, long seed, Consumer<Comm> body) throws Exception {
        try (EmulationSession session = EmulationSession.start(new EmulationSetup(new LogGpsModel(network, np),
                new TargetCpu(1.0), List.of(0), "127.0.0.1", Duration.ofSeconds(60)).chargingMeasuredCpu(cost.chargesMeasuredCpu()))) {
            new LocalWorld(np).run(local -> {
                try {
                    EmulatorLink link = EmulatorLink.connect(session.address().getHostString(), session.address().getPort(),
                            new Hello(session.token(), local.rank(), local.size()));
                    EmulatedComm emulated = new EmulatedComm(local, link, cost, algorithm);
                    try (Comm comm = chaosMillis > 0 ? new ChaosComm(emulated, chaosMillis, seed) : emulated) {
                        body.accept(comm);
                    }
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            return session.report().get(60, TimeUnit.SECONDS);
        }
    }
}
