package mse.mpi.apps;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import mse.emulator.report.AtomicFiles;
import mse.emulator.report.Json;
import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.farm.Workload;
import mse.mpi.apps.mase.MaseWorkload;
import mse.mpi.comm.Comm;
import mse.mpi.comm.MpiComm;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The program mpirun starts on every rank. Rank 0 writes what it observed to --result-file for the
 * launcher; the data itself only ever travels over MPI.
 */
@Command(name = "mse-rank", description = "One rank of an MSE master/slave program (started by mpirun).")
public final class RankMain implements Callable<Integer> {

    @Mixin
    AppOptions options;

    @Option(names = "--result-file", paramLabel = "FILE", description = "Where rank 0 writes its result (JSON).")
    Path resultFile;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RankMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        try (Comm comm = MpiComm.init(new String[0])) {
            Map<String, Object> result = runRank(comm, options);
            if (result != null && resultFile != null) {
                Json.write(resultFile, result);
            }
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
        return result;
    }
}
