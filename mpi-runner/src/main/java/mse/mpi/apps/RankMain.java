package mse.mpi.apps;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
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

    @Option(names = "--chaos-delay-ms", hidden = true, defaultValue = "0",
            description = "Tests only: random real delay before each operation, to shuffle interleavings.")
    int chaosDelayMillis;

    private EmulatedComm emulatedComm;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RankMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        MpiComm mpi = MpiComm.init(new String[0]);
        Comm comm = mpi;
        try {
            comm = emulator == null ? mpi : emulated(mpi);
            if (chaosDelayMillis > 0) {
                comm = new ChaosComm(comm, chaosDelayMillis, System.nanoTime());
            }
            Map<String, Object> result = runRank(comm, options);
            // The program ends here: writing the launcher's result file is not the program's work.
            comm.close();
            if (result != null && resultFile != null) {
                Json.write(resultFile, result);
            }
        } catch (Exception | Error e) {
            System.err.println("mse: rank " + mpi.rank() + " failed: " + e);
            if (emulatedComm != null) {
                emulatedComm.fail(e);
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
