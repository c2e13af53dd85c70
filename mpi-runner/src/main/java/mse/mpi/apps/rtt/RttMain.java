package mse.mpi.apps.rtt;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import mse.emulator.report.Json;
import mse.mpi.comm.MpiComm;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The round-trip benchmark's rank program (started by mpirun on every rank, like RankMain). Rank 0 writes
 * the raw points to --result-file (JSON) for the launcher. A failing rank exits without MPI_Finalize, so
 * mpirun ends the others.
 */
@Command(name = "mse-rtt", description = "One rank of the round-trip benchmark (seed 001 Fig. 1; started by mpirun).")
public final class RttMain implements Callable<Integer> {

    @Option(names = "--sizes", split = ",", required = true, paramLabel = "BYTES", description = "Message sizes in bytes.")
    long[] sizes;

    @Option(names = "--warmup", defaultValue = "1000", description = "Warm-up round trips per size.")
    int warmup;

    @Option(names = "--round-trips", defaultValue = "10000", description = "Measured round trips per size.")
    int roundTrips;

    @Option(names = "--precision", defaultValue = "1", paramLabel = "PERCENT",
            description = "A phase stops once its median's 95% interval is within this many percent.")
    double precisionPercent;

    @Option(names = "--point-seconds", defaultValue = "20", paramLabel = "SECONDS", description = "Time budget of one size.")
    double pointSeconds;

    @Option(names = "--result-file", paramLabel = "FILE", description = "Where rank 0 writes the points (JSON).")
    Path resultFile;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RttMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        mse.mpi.rank.RunLog.startRank(null);
        MpiComm comm = MpiComm.init(new String[0]);
        try {
            RttResult result = new RttBenchmark(comm, new RttSettings(sizes, warmup, roundTrips, precisionPercent / 100, pointSeconds)).run();
            comm.close();
            if (result != null && resultFile != null) {
                Json.write(resultFile, result);
            }
        } catch (Exception | Error e) {
            System.err.println("mse: rtt rank " + comm.rank() + " failed (sizes " + Arrays.toString(sizes) + "): " + e);
            return 1;
        }
        return 0;
    }
}
