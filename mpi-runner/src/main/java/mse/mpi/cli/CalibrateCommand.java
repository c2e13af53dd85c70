package mse.mpi.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.apps.rtt.RttSettings;
import mse.mpi.experiment.NetworkCalibration;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.launch.Transport;
import mse.mpi.options.BadInputException;
import mse.mpi.options.ByteSizes;
import mse.mpi.options.NpList;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `mse calibrate`: measure round trips with real mpirun and fit a network profile (seed 001 Fig. 1, Table 2). */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = CalibrateCpuCommand.class,
        description = {"Measure round trips over one Open MPI transport (seed 001 Fig. 1: ranks 0 and 1 exchange "
                + "messages while P - 2 ranks wait) and fit a LogGPS profile that --profile accepts.",
                "Calibrate a real cluster with one rank per core; here, ranks beyond the cores share them."},
        footer = {"", "Examples:", "  ./run.sh calibrate --btl tcp --np 2,8 --profile-out tcp.conf",
                "  ./run.sh calibrate cpu --target-seconds 0.8"})
final class CalibrateCommand implements Callable<Integer> {

    @Option(names = "--btl", paramLabel = "vader|tcp", defaultValue = "tcp",
            description = "Transport to measure: tcp (--mca btl self,tcp) or vader (self,vader, shared memory) (default: ${DEFAULT-VALUE}).")
    Transport transport;

    @Option(names = "--np", paramLabel = "P,P,...", defaultValue = "2,8",
            description = "P values; two give the paper's o'a and o'b, more a least-squares line (default: ${DEFAULT-VALUE}).")
    String npList;

    @Option(names = "--sizes", paramLabel = "K,K,...", defaultValue = "1,64,1K,16K,64K",
            description = "Message sizes in bytes (K = 1024) (default: ${DEFAULT-VALUE}).")
    String sizes;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "1000",
            description = "Warm-up round trips per point, within a tenth of its time budget (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Mixin
    PointStopOptions stops;

    @Mixin
    HostOptions hosts;

    @Option(names = "--profile-out", paramLabel = "FILE", description = "Also write the fitted profile here (always: <run dir>/profile.conf).")
    Path profileOut;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-calibrate).")
    Path out;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "600", description = "Stop each mpirun job after this long (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Override
    public Integer call() throws Exception {
        List<Integer> nps = NpList.parse(npList);
        RttSettings settings = stops.settings(ByteSizes.parse("--sizes", sizes), warmup);
        if (profileOut != null && !profileOut.toString().endsWith(".conf")) {
            throw new BadInputException("--profile-out: name the file *.conf, so --profile reads it as a file, got " + profileOut);
        }
        nps.forEach(hosts::validate);
        hosts.preflight(MpirunCommand.rankClasspath(), out);
        Path dir = RunDirectory.create(out, "calibrate");
        NetworkCalibration.run(transport, nps, settings, dir, profileOut, Duration.ofSeconds(timeoutSeconds), hosts.cluster());
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }
}
