package mse.mpi.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.TaskCost;
import mse.emulator.timeline.TimelineRequest;
import mse.mpi.launch.Cluster;
import mse.mpi.launch.EmulationPlan;
import mse.mpi.launch.ForeignLaunch;
import mse.mpi.launch.ForeignProgram;
import mse.mpi.launch.InterpositionLibrary;
import mse.mpi.launch.MpiJob;
import mse.mpi.launch.MpirunCommand;

/**
 * `mse bench foreign`: what emulating a foreign program costs. The C row farm (examples/c) and its twin on Open MPI's
 * Java bindings (examples/java-mpi) plainly and emulated at each P, in turns, median wall times and their ratio; then the interposition library's cost per intercepted call:
 * two ranks bounce a 1-byte message (examples/c's pingpong, four MPI calls a round), each run at two lengths so that
 * mpirun's start-up (about half a second, and noisy) cancels out; emulated minus plain time per round over the calls
 * of a round, printed next to this machine's floor for one hop between processes (HopFloor), which every emulated
 * receive pays once (its grant).
 */
public final class ForeignBenchmark {

    /** Two lengths of the same pingpong: the difference of their times is the rounds' own, start-up and end left out. */
    private static final int SHORT_ROUNDS = 2_000;
    private static final int LONG_ROUNDS = 20_000;
    private static final int CALLS_PER_ROUND = 4;

    private ForeignBenchmark() {
    }

    public static void run(List<Integer> nps, int repeat, Path scratch) throws Exception {
        Path examples = examples();
        List<String> lines = new ArrayList<>();
        Path root = InterpositionLibrary.projectRoot();
        farms(List.of(examples.resolve("row-farm").toString()), "C row farm", "foreign-row-farm", nps, repeat, scratch, lines);
        farms(List.of("java", "-cp", root.resolve("examples/java-mpi/build").toString(), "RowFarm"),
                "Java row farm on Open MPI's bindings", "foreign-java-row-farm", nps, repeat, scratch, lines);
        String pingpong = examples.resolve("pingpong").toString();
        double[] plainRound = new double[repeat];
        double[] emulatedRound = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            plainRound[i] = perRound(plainRun(pingpong(pingpong, LONG_ROUNDS), 2), plainRun(pingpong(pingpong, SHORT_ROUNDS), 2));
            emulatedRound[i] = perRound(emulatedRun(pingpong(pingpong, LONG_ROUNDS), 2, scratch),
                    emulatedRun(pingpong(pingpong, SHORT_ROUNDS), 2, scratch));
        }
        double plain = Medians.of(plainRound);
        double emulated = Medians.of(emulatedRound);
        lines.add(String.format("pingpong-round-plain-us: %.1f", plain));
        lines.add(String.format("pingpong-round-emulated-us: %.1f", emulated));
        lines.add(String.format("intercepted-call-us: %.1f", (emulated - plain) / CALLS_PER_ROUND));
        lines.forEach(System.out::println);
        HopFloor.measure(4_000, scratch).forEach(System.out::println);
    }

    /** The farm plain and emulated at each P, in turns (the machine's pace drifts over a bench), medians and ratio. */
    private static void farms(List<String> farm, String name, String key, List<Integer> nps, int repeat, Path scratch,
                              List<String> lines) {
        System.out.printf("%s (%s); median of %d runs each, plain and emulated in turns%n", name, String.join(" ", farm), repeat);
        System.out.printf("%6s %12s %12s %8s%n", "P", "plain s", "emulated s", "ratio");
        for (int np : nps) {
            double[] plain = new double[repeat];
            double[] emulated = new double[repeat];
            for (int i = 0; i < repeat; i++) {
                plain[i] = plainRun(farm, np);
                emulated[i] = emulatedRun(farm, np, scratch);
            }
            double ratio = Medians.of(emulated) / Medians.of(plain);
            System.out.printf("%6d %12.3f %12.3f %8.2f%n", np, Medians.of(plain), Medians.of(emulated), ratio);
            lines.add(String.format("%s-np%d-plain-s: %.3f", key, np, Medians.of(plain)));
            lines.add(String.format("%s-np%d-emulated-s: %.3f", key, np, Medians.of(emulated)));
            lines.add(String.format("%s-np%d-ratio: %.2f", key, np, ratio));
        }
    }

    private static List<String> pingpong(String program, int rounds) {
        return List.of(program, Integer.toString(rounds), "1");
    }

    /** Microseconds a round, from the wall times of the long and the short run. */
    private static double perRound(double longWall, double shortWall) {
        return (longWall - shortWall) / (LONG_ROUNDS - SHORT_ROUNDS) * 1e6;
    }

    /** examples/c/build, where ./run.sh builds the C examples (next to pmpi/, whose library the launcher knows). */
    private static Path examples() {
        Path root = InterpositionLibrary.projectRoot();
        Path build = root.resolve("examples/c/build");
        if (!Files.isDirectory(build)) {
            throw new mse.mpi.launch.LaunchException("the C examples are not built in " + build + "; ./run.sh builds them");
        }
        return build;
    }

    private static double plainRun(List<String> commandLine, int np) {
        return MpiJob.run(MpirunCommand.foreign(np, commandLine), Duration.ofMinutes(30));
    }

    private static double emulatedRun(List<String> commandLine, int np, Path scratch) {
        ForeignProgram program = new ForeignProgram(commandLine, List.of(0), ForeignProgram.RankCpu.thread);
        return ForeignLaunch.run(new ForeignLaunch.Plan(program, np, ProfileLoader.load("mpich-fast-ethernet"), new TaskCost.Real(),
                Duration.ofMinutes(30), scratch, EmulationPlan.LOOPBACK, TimelineRequest.OFF, Cluster.THIS_MACHINE_ONLY)).wallSeconds();
    }
}
