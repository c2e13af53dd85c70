package mse.mpi.apps;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import mse.cluster.profiles.CpuProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.emulator.report.AtomicFiles;
import mse.emulator.report.Json;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import mse.mpi.apps.farm.DynamicMasters;
import mse.mpi.apps.farm.MasterEvent;
import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.farm.Workload;
import mse.mpi.apps.mase.MaseWorkload;
import mse.mpi.comm.ChaosComm;
import mse.mpi.comm.Comm;
import mse.mpi.comm.EmulatedComm;
import mse.mpi.comm.MpiComm;
import mse.mpi.launch.HostedEmulation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The program mpirun starts on every rank. Rank 0 writes what it observed to --result-file for the
 * launcher; the data itself only ever travels over MPI. With --emulator the rank reports its timing
 * facts to the emulator (token in MSE_EMULATOR_TOKEN) and runs in virtual time.
 *
 * <p>A rank that fails prints why and exits without MPI_Finalize: mpirun then ends every other rank,
 * rather than letting them wait forever for a partner that is gone.
 */
@Command(name = "mse-rank", description = "One rank of an MSE master/slave program (started by mpirun).")
public final class RankMain implements Callable<Integer> {

    public static final String TOKEN_VARIABLE = "MSE_EMULATOR_TOKEN";

    @Mixin
    AppOptions options;

    @Option(names = "--result-file", paramLabel = "FILE", description = "Where rank 0 writes its result (JSON).")
    Path resultFile;

    @Option(names = "--emulator", paramLabel = "HOST:PORT", description = "Report to this emulator and run in virtual time.")
    String emulator;

    @Option(names = "--task-cost", paramLabel = "MODE", defaultValue = "real",
            description = "How tasks are charged when emulated: real, fixed:DUR or per-iteration:DUR.")
    String taskCost;

    @Option(names = "--emulate", description = "Host the emulator in rank 0 and run in virtual time (for your own mpirun command line).")
    boolean emulate;

    @Option(names = "--profile", paramLabel = "NAME|FILE", defaultValue = "mpich-fast-ethernet",
            description = "With --emulate: the target network and CPU (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--cpu-ratio", paramLabel = "R", description = "With --emulate: target CPU speed / this host's.")
    Double cpuRatio;

    @Option(names = "--bind", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "With --emulate: the interface rank 0's emulator listens on; name one the other hosts reach "
                    + "for a multi-host run (default: ${DEFAULT-VALUE}).")
    String bindHost;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/mpirun-emulate",
            description = "With --emulate: where rank 0 writes the results (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--chaos-delay-ms", hidden = true, defaultValue = "0",
            description = "Tests only: random real delay before each operation, to shuffle interleavings.")
    int chaosDelayMillis;

    private EmulatedComm emulatedComm;
    private HostedEmulation hosted;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RankMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        MpiComm mpi = MpiComm.init(new String[0]);
        Comm comm = mpi;
        try {
            if (emulate) {
                hosted = HostedEmulation.start(mpi, options, target(), TaskCost.parse(taskCost), bindHost);
                emulatedComm = hosted.comm();
                comm = emulatedComm;
            } else if (emulator != null) {
                comm = emulated(mpi);
            }
            if (chaosDelayMillis > 0) {
                comm = new ChaosComm(comm, chaosDelayMillis, System.nanoTime());
            }
            Map<String, Object> result = runRank(comm, options);
            // The program ends here: writing the launcher's result file is not the program's work.
            comm.close();
            if (result != null && resultFile != null) {
                Json.write(resultFile, result);
            }
            if (result != null && hosted != null) {
                Map<String, Object> summary = hosted.finish(options, result, out);
                System.out.printf("predicted time %.6f s on %s (np %d); results in %s%n",
                        ((Number) summary.get("predictedSeconds")).doubleValue(), summary.get("profile"), mpi.size(),
                        out.resolve("summary.json"));
            }
        } catch (Exception | Error e) {
            System.err.println("mse: rank " + mpi.rank() + " failed: " + e);
            if (emulatedComm != null) {
                emulatedComm.fail(e);
            }
            if (hosted != null) {
                hosted.abort("rank 0 failed: " + e);
            }
            return 1;
        }
        return 0;
    }

    private Comm emulated(MpiComm mpi) throws Exception {
        int colon = emulator.lastIndexOf(':');
        String host = emulator.substring(0, colon);
        int port = Integer.parseInt(emulator.substring(colon + 1));
        String token = System.getenv(TOKEN_VARIABLE);
        if (token == null) {
            throw new IllegalStateException(TOKEN_VARIABLE + " is not set; the launcher passes it with mpirun -x");
        }
        EmulatorLink link = EmulatorLink.connect(host, port, new Hello(token, mpi.rank(), mpi.size()));
        emulatedComm = new EmulatedComm(mpi, link, TaskCost.parse(taskCost));
        return emulatedComm;
    }

    private TargetProfile target() {
        TargetProfile target = ProfileLoader.load(profile);
        return cpuRatio == null ? target : target.withCpu(new CpuProfile(cpuRatio));
    }

    /** Runs this rank's part of the program; rank 0 returns its result record, other ranks null. */
    public static Map<String, Object> runRank(Comm comm, AppOptions options) throws Exception {
        Workload work = options.workload();
        Strategy strategy = options.strategy();
        double start = comm.wtime();
        strategy.run(comm, work);
        double seconds = comm.wtime() - start;
        if (comm.rank() != 0) {
            return null;
        }
        if (work instanceof MaseWorkload mase && options.mase().png() != null) {
            AtomicFiles.write(options.mase().png(), mase.image()::writePng);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("np", comm.size());
        result.put("tasks", work.tasks());
        result.put("programSeconds", seconds);
        result.put("checksum", work.checksum());
        if (!strategy.events().isEmpty() || strategy instanceof DynamicMasters) {
            result.put("masterEvents", strategy.events().stream().map(MasterEvent::toMap).toList());
        }
        return result;
    }
}
