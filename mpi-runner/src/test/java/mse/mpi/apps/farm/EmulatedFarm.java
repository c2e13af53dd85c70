package mse.mpi.apps.farm;

import mse.cluster.profiles.CollectiveAlgorithm;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.actors.EmulationSession;
import mse.emulator.actors.EmulationSetup;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import mse.mpi.comm.EmulatedComm;
import mse.mpi.comm.LocalWorld;

/**
 * A task farm (SI, or the strategy given) on ranks as threads, emulated in real mode as `emulate --local` runs it, over a workload
 * of the test's own: each rank builds its workload, warms up as RankMain does, then serves or computes.
 */
final class EmulatedFarm {

    private EmulatedFarm() {
    }

    /** Runs np ranks over the workloads perRank builds (one per rank), with `started` told after each warm-up. */
    static EmulationReport run(int np, IntFunction<Workload> perRank, IntFunction<Runnable> started) throws Exception {
        return run(np, perRank, started, SingleMaster::new);
    }

    /** The same with the strategy `farm` makes, one per rank (DY's masters keep state of their own). */
    static EmulationReport run(int np, IntFunction<Workload> perRank, IntFunction<Runnable> started, Supplier<Strategy> farms)
            throws Exception {
        TargetProfile target = ProfileLoader.load("mpich-fast-ethernet");
        try (EmulationSession session = EmulationSession.start(new EmulationSetup(new LogGpsModel(target.network(), np),
                TargetCpu.of(target.cpu()), List.of(0), "127.0.0.1", Duration.ofSeconds(60)))) {
            new LocalWorld(np).run(local -> {
                try {
                    EmulatorLink link = EmulatorLink.connect(session.address().getHostString(), session.address().getPort(),
                            new Hello(session.token(), local.rank(), local.size()));
                    EmulatedComm comm = new EmulatedComm(local, link, new TaskCost.Real(), CollectiveAlgorithm.BINOMIAL);
                    Workload work = perRank.apply(local.rank());
                    Strategy farm = farms.get();
                    FarmWarmUp.run(comm, work, farm);
                    started.apply(local.rank()).run();
                    farm.run(comm, work);
                    comm.close();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            return session.report().get(60, TimeUnit.SECONDS);
        }
    }
}
