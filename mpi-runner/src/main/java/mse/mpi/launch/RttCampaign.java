package mse.mpi.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import mse.emulator.report.Json;
import mse.mpi.apps.rtt.RttMain;
import mse.mpi.apps.rtt.RttResult;
import mse.mpi.apps.rtt.RttSettings;

/**
 * Runs the round-trip benchmark as one real mpirun job per P over one transport and collects rank 0's
 * raw points: the measuring half of `mse calibrate` (the fitting half lives in cluster-config). On several
 * hosts ranks 0 and 1 run on the first two hosts, so the round trips cross the network.
 */
public final class RttCampaign {

    private RttCampaign() {
    }

    /** One job's result as rank 0 wrote it: np and points[] with size and rtt/send/recv percentiles. */
    public record JobResult(int np, RttResult raw) {

        public List<RttResult.Point> points() {
            return raw.points();
        }
    }

    /** One job per P: what `calibrate` measures. */
    public static List<JobResult> run(Transport transport, List<Integer> nps, RttSettings settings, Path workDir,
                                      Duration limit, Cluster cluster) throws IOException {
        return run(transport, nps, settings, workDir, limit, cluster, 1);
    }

    /**
     * `jobs` jobs per P, keeping each message size's fastest point (least median RTT, with that job's send and receive
     * times; the trains of the job whose median gap was least), as `validate` keeps its fastest measured run: on shared
     * cores another process only ever adds time, and on a small shared VM loopback round trips settle at one of two
     * levels for seconds at a time, within a job too, so one job's profile moved validate's prediction a lot. The
     * trains are taken on their own: under heavy load one job's round trips stayed steady while its trains' median
     * was off by orders of magnitude.
     */
    public static List<JobResult> run(Transport transport, List<Integer> nps, RttSettings settings, Path workDir,
                                      Duration limit, Cluster cluster, int jobs) throws IOException {
        List<JobResult> results = new ArrayList<>();
        for (int np : nps) {
            List<JobResult> runs = new ArrayList<>();
            for (int job = 0; job < jobs; job++) {
                runs.add(runJob(transport, np, settings, workDir, limit, cluster));
            }
            results.add(fastest(runs));
        }
        return results;
    }

    /**
     * Jobs of one P over the same sizes, as one job of each size's least median RTT and least median train gap; a point
     * that mixes two jobs has the round-trip phases of one, the trains of the other, and the seconds of both.
     */
    /** Where a point's train phases start: round trips and arrived receives come first (SizeMeasurement). */
    private static final int TRAIN_PHASE = 2;

    static JobResult fastest(List<JobResult> runs) {
        JobResult first = runs.get(0);
        List<RttResult.Point> points = new ArrayList<>();
        for (int i = 0; i < first.points().size(); i++) {
            int size = i;
            RttResult.Point quickest = runs.stream().map(job -> job.points().get(size))
                    .min(Comparator.comparingDouble(point -> point.rttMicros().p50())).orElseThrow();
            RttResult.Point steadiest = runs.stream().map(job -> job.points().get(size))
                    .min(Comparator.comparingDouble(point -> point.gapMicros().p50())).orElseThrow();
            points.add(quickest == steadiest ? quickest : new RttResult.Point(quickest.size(), quickest.rttMicros(),
                    quickest.sendMicros(), quickest.recvMicros(), steadiest.gapMicros(), steadiest.trainMessages(),
                    trainsLast(quickest, steadiest), quickest.seconds() + steadiest.seconds(), steadiest.idleTrainMicros(),
                    steadiest.idleTrainMessages()));
        }
        RttResult raw = first.raw();
        return new JobResult(first.np(), new RttResult(raw.np(), raw.warmup(), raw.roundTrips(), raw.arrivedReceives(), points));
    }

    /** The round-trip phases of one job and the trains (long and idle: the burst is read against that G) of another. */
    private static List<RttResult.Phase> trainsLast(RttResult.Point roundTrips, RttResult.Point trains) {
        List<RttResult.Phase> phases = new ArrayList<>(roundTrips.phases().subList(0, TRAIN_PHASE));
        phases.addAll(trains.phases().subList(TRAIN_PHASE, trains.phases().size()));
        return phases;
    }

    private static String plain(double value) {
        return java.math.BigDecimal.valueOf(value).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private static JobResult runJob(Transport transport, int np, RttSettings settings, Path workDir, Duration limit,
                                    Cluster cluster) throws IOException {
        Path file = workDir.resolve("rtt-np" + np + ".json");
        List<String> args = List.of("--sizes", Arrays.stream(settings.sizes()).mapToObj(Long::toString)
                        .collect(Collectors.joining(",")),
                "--warmup", Integer.toString(settings.warmup()),
                "--round-trips", Integer.toString(settings.roundTrips()),
                "--precision", Double.toString(100 * settings.precision()),
                "--point-seconds", Double.toString(settings.pointSeconds()),
                "--result-file", file.toAbsolutePath().toString());
        MpirunCommand command = cluster.place(MpirunCommand.local(np, MpirunCommand.rankClasspath(),
                RttMain.class.getName(), args).withBtl(transport.btl()), workDir);
        MpiJob.run(command, limit);
        JobResult result;
        try {
            result = new JobResult(np, Json.read(file, RttResult.class));
        } catch (IOException e) {
            throw new LaunchException("rank 0 of the round-trip job left no readable result in " + file + ": " + e.getMessage());
        }
        Files.deleteIfExists(file);
        System.out.printf("   np %d: each point stops when its medians are within +-%s%% (95%% interval) or after %s s:%n",
                np, plain(100 * settings.precision()), plain(settings.pointSeconds()));
        result.points().forEach(point -> System.out.println("     " + point.describeStops()));
        return result;
    }
}
