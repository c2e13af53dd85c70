package mse.mpi.apps;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import mse.emulator.report.AtomicFiles;
import mse.emulator.report.Json;
import mse.mpi.apps.farm.DynamicMasters;
import mse.emulator.dynamic.MasterEvent;
import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.farm.Workload;
import mse.mpi.apps.mase.MaseWorkload;
import mse.mpi.comm.Comm;
import mse.mpi.launch.RankRuntime;
import mse.mpi.launch.RankRuntimeOptions;
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

    @Mixin
    AppOptions options;

    @Option(names = "--result-file", paramLabel = "FILE", description = "Where rank 0 writes its result (JSON).")
    Path resultFile;

    @Mixin
    RankRuntimeOptions runtime;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RankMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        RankRuntime rank = RankRuntime.open(runtime, np -> options.strategy().masters(np));
        try {
            Map<String, Object> result = runRank(rank.comm(), options);
            // The program ends here: writing the launcher's result file is not the program's work.
            rank.finish(options.identity(rank.comm().size()), result);
            if (result != null && resultFile != null) {
                Json.write(resultFile, result);
            }
        } catch (Exception | Error e) {
            return rank.fail(e);
        }
        return 0;
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
