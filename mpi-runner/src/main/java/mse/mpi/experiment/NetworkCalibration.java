package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import mse.cluster.fit.FittedPoint;
import mse.cluster.fit.NetworkFit;
import mse.cluster.fit.NetworkFitter;
import mse.cluster.fit.RttSample;
import mse.cluster.profiles.CpuProfile;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.ProfileWriter;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.report.AtomicFiles;
import mse.emulator.report.Json;
import mse.mpi.apps.rtt.RttBenchmark;
import mse.mpi.apps.rtt.RttResult;
import mse.mpi.apps.rtt.RttSettings;
import mse.mpi.launch.Cluster;
import mse.mpi.launch.RttCampaign.JobResult;
import mse.mpi.launch.RttCampaign;
import mse.mpi.launch.Transport;
import mse.mpi.options.ByteSizes;

/**
 * `calibrate` without the option parsing, so `validate` can run it too: measure round trips at each P over
 * one transport, fit a profile (mse.cluster.fit.NetworkFitter), write it with its evidence as comments,
 * print measured against fitted RTT, and write summary.json.
 */
public final class NetworkCalibration {

    /** What a calibration produced: the profile and where it was written. */
    public record Result(TargetProfile profile, NetworkFit fit, Path profileFile, Summary summary) {
    }

    /**
     * calibrate's summary.json: how it measured (roundTrips is the cap per point; precisionPercent and pointSeconds when a
     * point stops earlier), every point with its fitted RTT, the fitted profile, its residual and each parameter's source.
     */
    public record Summary(String command, String btl, int cores, int roundTrips, int warmup, double precisionPercent,
                          double pointSeconds, List<Point> points, Fitted fitted, double worstResidualPercent, List<String> notes,
                          List<String> sources, String profileFile) {}

    /**
     * One measured point (rank 0's percentiles, microseconds; gapMicros from trains of trainMessages messages), the
     * fitted profile's RTT for it, how each phase stopped and how long the point took.
     */
    public record Point(int np, long size, RttResult.Percentiles rttMicros, RttResult.Percentiles sendMicros,
                        RttResult.Percentiles recvMicros, double fittedRttMicros, RttResult.Percentiles gapMicros,
                        int trainMessages, List<RttResult.Phase> phases, double seconds, RttResult.Percentiles idleTrainMicros,
                        int idleTrainMessages) {}

    /** The fitted LogGPS parameters (o = o'a + o'b P + O k, seed 001 section 2.3, Table 2; g from trains). */
    public record Fitted(double latencyMicros, double gapPerByteMicros, long syncThresholdBytes, NetworkProfile.Overhead sendOverhead,
                         NetworkProfile.Overhead recvOverhead, double gapMicros, long burstBytes) {

        static Fitted of(NetworkProfile n) {
            return new Fitted(n.latencyMicros(), n.gapPerByteMicros(), n.syncThresholdBytes(), n.sendOverhead(), n.recvOverhead(),
                    n.gapMicros(), n.burstBytes());
        }
    }

    private NetworkCalibration() {
    }

    public static Result run(Transport transport, List<Integer> nps, RttSettings settings, Path dir, Path profileOut,
                      Duration limit, Cluster cluster) throws IOException {
        return run(transport, nps, settings, dir, profileOut, limit, cluster, 1);
    }

    /** {@link #run} from each size's fastest of `jobs` round-trip jobs per P (RttCampaign), as `validate` measures. */
    public static Result run(Transport transport, List<Integer> nps, RttSettings settings, Path dir, Path profileOut,
                      Duration limit, Cluster cluster, int jobs) throws IOException {
        int cores = Runtime.getRuntime().availableProcessors();
        if (!cluster.multiHost()) {
            warnIfOversubscribed(nps, cores);
        }
        List<JobResult> results = RttCampaign.run(transport, nps, settings, dir, limit, cluster, jobs);
        List<RttSample> samples = new ArrayList<>();
        for (JobResult job : results) {
            for (RttResult.Point point : job.points()) {
                samples.add(new RttSample(job.np(), point.size(), point.rttMicros().p50(), point.sendMicros().p50(),
                        point.recvMicros().p50(), point.gapMicros().p50()));
            }
        }
        String name = "calibrated-" + transport.name();
        String source = "mse calibrate --btl " + transport.name() + " --np " + join(nps) + " --sizes "
                + ByteSizes.show(settings.sizes()) + ", " + "each point until its medians are within " + 100 * settings.precision() + "% or after "
                + settings.pointSeconds() + " s (at most " + settings.roundTrips() + " round trips), "
                + (jobs > 1 ? "each size's fastest of " + jobs + " jobs per P, " : "")
                + LocalDateTime.now().withNano(0) + ", "
                + (cluster.multiHost() ? "hosts of " + cluster.hostfile().source() : cores + " cores");
        NetworkFit fit = ModelRoundTrips.replayed(burst(NetworkFitter.fit(samples, name, source), results));
        Path file = profileOut != null ? profileOut : dir.resolve("profile.conf");
        TargetProfile profile = new TargetProfile(fit.network(), CpuProfile.SAME_AS_HOST, file.toString());
        AtomicFiles.writeString(file, ProfileWriter.render(profile, comments(fit, results, cores)));
        if (profileOut != null) {
            AtomicFiles.writeString(dir.resolve("profile.conf"), ProfileWriter.render(profile, comments(fit, results, cores)));
        }
        Summary summary = summary(transport, settings, cores, results, fit, file);
        Json.write(dir.resolve("summary.json"), summary);
        printTable(fit, file);
        return new Result(profile, fit, file, summary);
    }

    /**
     * The link's burst from the idle trains of the smallest P at the largest size that ran at the link's rate, the one G
     * came from: the quickest of them, since the host's load only ever slows a train and none beats the link (their
     * median, on a loaded machine, hid the whole burst).
     */
    private static NetworkFit burst(NetworkFit fit, List<JobResult> jobs) {
        if (fit.linkRateSizes().isEmpty()) {
            return fit.withBurst(0, "B   = 0 bytes: no train was limited by the link's rate per byte, so no burst to read", List.of());
        }
        long size = fit.linkRateSizes().get(fit.linkRateSizes().size() - 1);
        JobResult smallest = jobs.stream().min(Comparator.comparingInt(JobResult::np)).orElseThrow();
        RttResult.Point point = smallest.points().stream().filter(p -> p.size() == size).findFirst().orElseThrow();
        return LinkBurst.fit(fit, smallest.np(), size, point.idleTrainMessages(), point.idleTrainMicros().min(),
                RttBenchmark.TRAIN_REQUEST_BYTES);
    }

    /**
     * Ranks beyond the cores take turns on them. The benchmark's idle ranks sleep, so its round trips still measure the
     * network, not the scheduler; still, the ranks' own threads and tests wake them, and a program run at that np
     * time-shares the cores.
     */
    public static void warnIfOversubscribed(List<Integer> nps, int cores) {
        for (int np : nps) {
            if (np > cores) {
                System.out.printf("note: np %d exceeds the %d cores here; the benchmark's idle ranks sleep, so the talking pair "
                        + "keeps its cores (measured on 2 cores: tcp 1-byte RTT 12.6 us at P = 2, 17.8 us at P = 16; 106 us when "
                        + "idle ranks polled), but a program run at np %d shares them. Calibrate a real cluster with one rank "
                        + "per core.%n", np, cores, np);
            }
        }
    }

    private static List<String> comments(NetworkFit fit, List<JobResult> jobs, int cores) {
        List<String> lines = new ArrayList<>();
        lines.add("Fitted by `mse calibrate` from round trips (seed 001 (001_cb00b78257109af6.txt) Fig. 1, Table 1),");
        lines.add("o = o'a + o'b P + O k (section 2.3, Table 2), and trains of back-to-back messages. Host: " + cores + " cores.");
        lines.add("");
        lines.add("where each parameter comes from:");
        fit.sources().forEach(source -> lines.add("  " + source));
        lines.add("");
        fit.notes().forEach(note -> lines.add("note: " + note));
        lines.add("");
        lines.add("residuals (median RTT, us):");
        lines.add(String.format("%4s %8s %12s %12s %9s", "np", "bytes", "measured", "fitted", "residual"));
        for (FittedPoint p : fit.points()) {
            lines.add(String.format("%4d %8d %12.3f %12.3f %8.2f%%", p.processes(), p.bytes(), p.measuredRttMicros(),
                    p.fittedRttMicros(), p.residualPercent()));
        }
        lines.add("");
        lines.add("raw points (us): np bytes | rtt p50 p90 p99 | send p50 | arrived-recv p50 | train gap p50 (messages per train)"
                + " | idle train p50 (messages)");
        for (JobResult job : jobs) {
            for (RttResult.Point point : job.points()) {
                lines.add(String.format("%d %s | %s %s %s | %s | %s | %s (%d) | %s (%d)", job.np(), point.size(),
                        point.rttMicros().p50(), point.rttMicros().p90(), point.rttMicros().p99(), point.sendMicros().p50(),
                        point.recvMicros().p50(), point.gapMicros().p50(), point.trainMessages(), point.idleTrainMicros().p50(),
                        point.idleTrainMessages()));
            }
        }
        lines.add("");
        lines.add("how each point stopped:");
        for (JobResult job : jobs) {
            job.points().forEach(point -> lines.add("np " + job.np() + ", " + point.describeStops()));
        }
        lines.add("");
        return lines;
    }

    private static Summary summary(Transport transport, RttSettings settings, int cores, List<JobResult> jobs, NetworkFit fit,
                                   Path file) {
        List<Point> points = new ArrayList<>();
        int i = 0;
        for (JobResult job : jobs) {
            for (RttResult.Point raw : job.points()) {
                points.add(new Point(job.np(), raw.size(), raw.rttMicros(), raw.sendMicros(), raw.recvMicros(),
                        fit.points().get(i++).fittedRttMicros(), raw.gapMicros(), raw.trainMessages(), raw.phases(), raw.seconds(),
                        raw.idleTrainMicros(), raw.idleTrainMessages()));
            }
        }
        return new Summary("calibrate", transport.btl(), cores, settings.roundTrips(), settings.warmup(), 100 * settings.precision(),
                settings.pointSeconds(), points, Fitted.of(fit.network()), fit.worstResidualPercent(), fit.notes(), fit.sources(),
                file.toString());
    }

    private static void printTable(NetworkFit fit, Path file) {
        System.out.printf("%4s %8s %14s %12s %9s%n", "np", "bytes", "measured (us)", "fitted (us)", "residual");
        for (FittedPoint p : fit.points()) {
            System.out.printf("%4d %8s %14.2f %12.2f %8.1f%%%n", p.processes(), ByteSizes.show(p.bytes()),
                    p.measuredRttMicros(), p.fittedRttMicros(), p.residualPercent());
        }
        NetworkProfile n = fit.network();
        System.out.printf("fitted: L = %.3f us, G = %.6f us/byte, g = %.3f us, S = %d bytes, B = %d bytes%n", n.latencyMicros(),
                n.gapPerByteMicros(), n.gapMicros(), n.syncThresholdBytes(), n.burstBytes());
        System.out.printf("        o_s = %.3f + %.4f P + %.6f k us%n", n.sendOverhead().baseMicros(),
                n.sendOverhead().perProcessMicros(), n.sendOverhead().perByteMicros());
        System.out.printf("        o_r = %.3f + %.4f P + %.6f k us%n", n.recvOverhead().baseMicros(),
                n.recvOverhead().perProcessMicros(), n.recvOverhead().perByteMicros());
        fit.notes().forEach(note -> System.out.println("note: " + note));
        fit.sources().forEach(source -> System.out.println("from: " + source));
        System.out.printf("profile: %s (use it with --profile %s)%n", file, file);
    }

    private static String join(List<Integer> nps) {
        return String.join(",", nps.stream().map(String::valueOf).toList());
    }
}
