package mse.mpi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.NetworkModel;
import mse.emulator.report.Json;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.options.ByteSizes;
import mse.mpi.options.NpList;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `mse model rtt`: the round trip of seed 001 (001_cb00b78257109af6.txt) Fig. 1 as the model predicts it,
 * o_s(P,k) + L + kG + o_r(P,k) there and the same back, from the emulator's own cost functions
 * (NetworkModel), so it is exactly what an emulated ping-pong would be charged. Compare with Table 1, or
 * with the measured points of a calibration.
 */
@Command(name = "rtt", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The model's round-trip time (seed 001 Fig. 1) for each P and a message size.",
        footer = {"", "Example:", "  ./run.sh model rtt --profile mpich-fast-ethernet --np 2,16,64"})
final class ModelRttCommand implements Callable<Integer> {

    @Option(names = "--profile", paramLabel = "NAME|FILE", defaultValue = "mpich-fast-ethernet",
            description = "A built-in preset or a profile file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--np", paramLabel = "P,P,...", defaultValue = "2,16,64", description = "P values (default: ${DEFAULT-VALUE}).")
    String npList;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1", description = "Message size k, e.g. 1, 64, 1K (default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-model-rtt).")
    Path out;

    @Override
    public Integer call() throws Exception {
        List<Integer> nps = NpList.parse(npList);
        long bytes = ByteSizes.one("--size", size.trim(), size);
        TargetProfile target = ProfileLoader.load(profile);
        List<Point> points = new ArrayList<>();
        System.out.printf("profile %s (%s), k = %d bytes%n", target.network().name(), target.network().source(), bytes);
        System.out.printf("%6s %12s %10s %10s %10s%n", "np", "RTT (us)", "o_s (us)", "L+kG (us)", "o_r (us)");
        for (int np : nps) {
            NetworkModel model = NetworkModel.of(target.network(), np);
            long send = model.sendOverheadNanos(bytes);
            long wire = model.wireNanos(bytes);
            long recv = model.recvOverheadNanos(bytes);
            double rttMicros = roundTripNanos(model, bytes) / 1000.0;
            System.out.printf("%6d %12.3f %10.3f %10.3f %10.3f%n", np, rttMicros, send / 1000.0, wire / 1000.0, recv / 1000.0);
            points.add(new Point(np, bytes, rttMicros));
        }
        if (target.network().syncThresholdBytes() > 0 && model(target, nps.get(0)).isSynchronous(bytes)) {
            System.out.println("note: k >= S, a synchronous message; in this ping-pong the receiver is already waiting, "
                    + "so the model adds no wait (the real rendezvous handshake is not modelled)");
        }
        Path dir = RunDirectory.create(out, "model-rtt");
        Json.write(dir.resolve("summary.json"), new Summary("model rtt", target.network().name(), target.network().source(), points));
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** model rtt's summary.json: the profile and the modelled round trip at each P. */
    record Summary(String command, String profile, String profileSource, List<Point> points) {}

    /** The modelled round trip of `size` bytes among np processes. */
    record Point(int np, long size, double rttMicros) {}

    /** Fig. 1: rank 0 sends k bytes to rank 1, rank 1 sends them back; each way o_s + L + kG + o_r. */
    static long roundTripNanos(NetworkModel model, long bytes) {
        return 2 * (model.sendOverheadNanos(bytes) + model.wireNanos(bytes) + model.recvOverheadNanos(bytes));
    }

    private static NetworkModel model(TargetProfile target, int np) {
        return NetworkModel.of(target.network(), np);
    }
}
