package mse.mpi.apps.mase;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import mse.emulator.report.AtomicFiles;
import mse.emulator.report.Json;
import mse.mpi.comm.Comm;
import mse.mpi.comm.MpiComm;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The MASE rank program that mpirun starts on every rank. Rank 0 (the master) writes what it
 * observed to --result-file for the launcher; the data itself only ever travels over MPI.
 */
@Command(name = "mase-rank", description = "One rank of the Mandelbrot set explorer (started by mpirun).")
public final class Main implements Callable<Integer> {

    @Mixin
    MaseOptions options;

    @Option(names = "--result-file", paramLabel = "FILE", description = "Where rank 0 writes its result (JSON).")
    Path resultFile;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        MaseJob job = options.job();
        try (Comm comm = MpiComm.init(new String[0])) {
            double start = comm.wtime();
            CountImage image = SingleMaster.run(comm, job);
            double seconds = comm.wtime() - start;
            if (image != null) {
                report(job, image, seconds, comm.size());
            }
        }
        return 0;
    }

    private void report(MaseJob job, CountImage image, double seconds, int np) throws Exception {
        if (options.png() != null) {
            AtomicFiles.write(options.png(), image::writePng);
        }
        if (resultFile != null) {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("np", np);
            result.put("tasks", job.tasks().count());
            result.put("programSeconds", seconds);
            result.put("checksum", image.checksum());
            Json.write(resultFile, result);
        }
    }
}
