package mse.mpi.cli;

import mse.mpi.bench.FarmFloorBenchmark;
import mse.mpi.bench.ForeignBenchmark;
import mse.mpi.bench.HopBenchmark;
import mse.mpi.bench.Otf2Benchmark;
import mse.mpi.bench.HopFloor;
import mse.mpi.bench.Medians;
import mse.mpi.bench.PredictBenchmark;
import mse.mpi.bench.RealModeBenchmark;
import mse.mpi.bench.ScaleBenchmark;
import mse.mpi.bench.SoakBenchmark;
import mse.mpi.bench.StartupBenchmark;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.TaskCost;
import mse.emulator.report.ScratchDirectory;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.RankMain;
import mse.mpi.apps.mase.MaseSpec;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulationPlan;
import mse.mpi.launch.MpiJob;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.options.BadInputException;
import mse.mpi.options.NpList;
import mse.mpi.options.TargetOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * `mse bench emulate`: what emulation costs in wall time. The same program at the same P is run plainly
 * under mpirun and emulated under mpirun, several times each and in turns, at 1 and 16 points per task (or the given
 * --task-points); the ratio of the median wall times (mpirun start to end, JVM start-up included) is printed,
 * then the fact -> grant hop ({@link HopBenchmark}) and the machine's floor under it ({@link HopFloor}), ending with
 * machine-readable lines.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Benchmarks. 'emulate': wall time of an emulated run divided by the plain run of the same command, at 1 and 16 points per task (unless --task-points says), the hop and its floor.",
                "'predict': simulated messages per second at P = 64 (SI, ML and DY, analysed as predict runs them and then without the analysis; median of at least 10 runs once warm), then (unless --simulators-only) fresh ./run.sh processes (median of 5): the default predict sweep P = 2..64 (wall, peak memory), a 65,536-task predict --sample all sweep, and emulate --np 8 (real mode) divided by that sweep.",
                "'real-mode': --task-cost real at np 8, median of --repeat runs: the master's compute per task, live against predict --trace, two CPU burners, validate --np 2.",
                "'hop': wall time from a fact on one rank's connection to the grant it releases on another's (median, p99), then the same with sockets only, directly and through a forwarding thread (the machine's floor).",
                "'floor': the same farm's tasks, empty, between rank JVMs that sleep while they wait, slaves to master directly and through a relay where the emulator stands (us per task, median), then the hop with sockets only: what this machine charges any emulated farm.",
                "'foreign': the C row farm (examples/c) and its Java twin on Open MPI's bindings (examples/java-mpi) plain and emulated through the interposition library at each --np, then the library's cost per intercepted call (pingpong, emulated minus plain) against the hop's floor.",
                "'otf2': the OTF2 archive's cost on a 4,096-task predict point and on the same tasks emulated with --local, whose ranks report their calls (--timeline full, format both against chrome, median of --repeat runs in turns), and the files' sizes.",
                "'soak': a 1,048,576-task emulation at np 16 (unless --image/--np say otherwise): peak memory of the emulator and of a rank, wall time.",
                "'startup': what a user waits for before the first task and after the last: examples/c/barrier at np 4 emulated minus plain (median of --repeat, in turns), MASE emulate --np 32 --task-points 16 --task-cost fixed:2us under mpirun over the same with --local and the CPU each rank spent before it was ready, the machine's floors (a bare JVM, mpirun of 4 and 32 processes that do nothing, of 32 bare JVMs, of 32 C barrier programs), then the default ./run.sh once.",
                "'scale': the kernel alone at each --np (the farm replayed through it, its CPU per task), then the same work emulated at each P: emulate --local at --np (default 8,32,64,128,256), in deterministic (per-iteration:10ns) and real mode unless --task-cost names one, median of --repeat runs per P, then under mpirun at --mpirun-np with 16 points per task (unless --task-points says), one run per P unless --repeat says: wall and CPU per task, the ratio of the largest P's wall per task to the smallest's in each series, the same checksum at every P."},
        footer = {"", "Examples:", "  ./run.sh bench emulate --np 4,8 --repeat 3", "  ./run.sh bench hop", "  ./run.sh bench floor --np 4,8", "  ./run.sh bench foreign --np 4,8",
                "  ./run.sh bench predict --image 1024x1024 --task-cost per-iteration:10ns",
                "  ./run.sh bench predict --simulators-only",
                "  ./run.sh bench soak --task-cost per-iteration:10ns", "  ./run.sh bench otf2 --repeat 5", "  ./run.sh bench startup",
                "  ./run.sh bench scale", "  ./run.sh bench scale --np 8,256 --mpirun-np none --task-cost real",
                "  ./run.sh bench real-mode --task-points 16 --repeat 3"})
final class BenchCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "WHAT", description = "The benchmark: emulate, hop, floor, foreign, predict, soak, real-mode, scale, otf2 or startup.")
    String what;

    @Option(names = "--np", paramLabel = "P,P,...", defaultValue = "4,8", description = "Ranks (default: ${DEFAULT-VALUE}).")
    String npList;

    @Option(names = "--mpirun-np", paramLabel = "P,P,...|none", defaultValue = "8,32,64",
            description = "For 'scale' only: the P of the runs under mpirun, or none (default: ${DEFAULT-VALUE}).")
    String mpirunNpList;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "Runs of each kind per P; the median counts (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--simulators-only",
            description = "For 'predict' only: the simulators' messages per second alone, without the fresh processes and emulate (seconds instead of minutes).")
    boolean simulatorsOnly;

    /** Hops timed by 'hop' (after as many again to warm up). */
    private static final int HOPS = 4_000;

    @Mixin
    AppOptions app;

    /** For 'predict' only: the target and task cost of both the predict sweep and the live emulate. */
    @Mixin
    TargetOptions target;

    @Override
    public Integer call() throws Exception {
        Program program = BadInputException.check(app::program);
        if (repeat < 1) {
            throw new BadInputException("--repeat: expected at least 1, got " + repeat);
        }
        if ("predict".equals(what)) {
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-predict")) {
                PredictBenchmark.run(program, target, repeat, simulatorsOnly, scratch.path());
            }
            return 0;
        }
        if ("real-mode".equals(what)) {
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-real")) {
                RealModeBenchmark.run(program, repeat, scratch.path(), args -> Mse.commandLine().execute(args));
            }
            return 0;
        }
        if ("hop".equals(what)) {
            printHop(HopBenchmark.run(HOPS, true), HopBenchmark.run(HOPS, false));
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-hop")) {
                HopFloor.measure(HOPS, scratch.path()).forEach(System.out::println);
            }
            return 0;
        }
        if ("floor".equals(what)) {
            Program farm = spec.commandLine().getParseResult().hasMatchedOption("--task-points") ? program
                    : AppOptionsDefaults.withTaskPoints(program, 1);
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-floor")) {
                FarmFloorBenchmark.run(NpList.parse(npList), farm.workload().tasks(), repeat, HOPS, scratch.path());
            }
            return 0;
        }
        if ("foreign".equals(what)) {
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-foreign")) {
                ForeignBenchmark.run(NpList.parse(npList), repeat, scratch.path());
            }
            return 0;
        }
        if ("soak".equals(what)) {
            Program soak = spec.commandLine().getParseResult().hasMatchedOption("--image") ? program : AppOptionsDefaults.soak();
            int np = spec.commandLine().getParseResult().hasMatchedOption("--np") ? NpList.parse(npList).get(0) : 16;
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-soak")) {
                SoakBenchmark.run(soak, target, np, scratch.path());
            }
            return 0;
        }
        if ("otf2".equals(what)) {
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-otf2")) {
                Otf2Benchmark.run(repeat, scratch.path(), args -> Mse.commandLine().execute(args));
            }
            return 0;
        }
        if ("scale".equals(what)) {
            runScale(program);
            return 0;
        }
        if ("startup".equals(what)) {
            try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-startup")) {
                StartupBenchmark.run(repeat, scratch.path());
            }
            return 0;
        }
        if (!"emulate".equals(what)) {
            throw new BadInputException("bench: unknown benchmark '" + what + "'; available: emulate, hop, floor, foreign, predict, soak, real-mode, scale, otf2, startup");
        }
        List<Integer> nps = NpList.parse(npList);
        List<Program> granularities = granularities(program);
        for (Program workload : granularities) {
            for (int np : nps) {
                BadInputException.check(() -> workload.validate(np, Runtime.getRuntime().maxMemory()));
            }
        }
        try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench")) {
            emulationOverhead(program, nps, granularities, scratch.path());
        }
        return 0;
    }

    /** 'emulate': plain and emulated runs in turns for each granularity and P, then the hop and its floor. */
    private void emulationOverhead(Program program, List<Integer> nps, List<Program> granularities, Path scratch)
            throws Exception {
        List<String> lines = new ArrayList<>();
        System.out.printf("%s master strategy; median of %d runs each, plain and emulated in turns%n", program.strategy().name(), repeat);
        System.out.printf("%-40s %6s %12s %12s %8s%n", "workload", "P", "plain s", "emulated s", "ratio");
        for (Program workload : granularities) {
            for (int np : nps) {
                double[] plainWalls = new double[repeat];
                double[] emulatedWalls = new double[repeat];
                for (int i = 0; i < repeat; i++) {
                    // In turns: the VM's pace drifts over a bench, and a drift must not land on one side only.
                    plainWalls[i] = plainRun(workload, np);
                    emulatedWalls[i] = emulatedRun(workload, np, scratch);
                }
                double plain = Medians.of(plainWalls);
                double emulated = Medians.of(emulatedWalls);
                double ratio = emulated / plain;
                System.out.printf("%-40s %6d %12.3f %12.3f %8.2f%n", workload.describe(), np, plain, emulated, ratio);
                // Each run in order: the spread says how far to trust a median, and the emulator's JVM warms up over them.
                System.out.printf("  runs in order: plain %s s; emulated %s s%n", seconds(plainWalls), seconds(emulatedWalls));
                lines.add(String.format("emulation-overhead-np%d-points%d: %.3f", np, taskPoints(workload), ratio));
            }
        }
        double[] hop = HopBenchmark.run(HOPS, true);
        double[] tcpHop = HopBenchmark.run(HOPS, false);
        List<String> hopFloor = HopFloor.measure(HOPS, scratch);
        lines.forEach(System.out::println);
        printHop(hop, tcpHop);
        hopFloor.forEach(System.out::println);
    }

    /** 'scale': the command (per-iteration:10ns) and real mode, medians of --repeat, unless the options say otherwise. */
    private void runScale(Program program) throws java.io.IOException {
        picocli.CommandLine.ParseResult given = spec.commandLine().getParseResult();
        List<Integer> local = given.hasMatchedOption("--np") ? NpList.parse(npList) : List.of(8, 32, 64, 128, 256);
        List<Integer> mpirun = "none".equals(mpirunNpList) ? List.of() : NpList.parse("--mpirun-np", mpirunNpList);
        Program underMpirun = given.hasMatchedOption("--task-points") ? program : AppOptionsDefaults.withTaskPoints(program, 16);
        for (int np : local) {
            BadInputException.check(() -> program.validate(np, Runtime.getRuntime().maxMemory()));
        }
        for (int np : mpirun) {
            BadInputException.check(() -> underMpirun.validate(np, Runtime.getRuntime().maxMemory()));
        }
        // Deterministic (the command) and real mode, the same checksum, unless --task-cost names one.
        List<String> taskCosts = given.hasMatchedOption("--task-cost") ? List.of(target.taskCost().spec())
                : List.of("per-iteration:10ns", "real");
        // A single local run's wall moves by half on a shared machine (docs/measurements/scaling.md): medians of 3 unless --repeat
        // says; under mpirun one run per P unless it says (a run there takes a minute).
        try (ScratchDirectory scratch = ScratchDirectory.create("mse-bench-scale")) {
            ScaleBenchmark.run(program, local, underMpirun, mpirun, taskCosts, repeat,
                    given.hasMatchedOption("--repeat") ? repeat : 1, scratch.path());
        }
    }

    /** The user's --task-points, or both granularities of the goals: 1 and 16 points per task. */
    private List<Program> granularities(Program program) {
        if (spec.commandLine().getParseResult().hasMatchedOption("--task-points")) {
            return List.of(program);
        }
        return List.of(AppOptionsDefaults.withTaskPoints(program, 1), AppOptionsDefaults.withTaskPoints(program, 16));
    }

    private static int taskPoints(Program workload) {
        return workload.workload() instanceof MaseSpec mase ? mase.job().taskPoints() : 0;
    }

    /** The local socket's hop (ranks on the emulator's machine), then TCP's (ranks on other hosts). */
    private static void printHop(double[] local, double[] tcp) {
        System.out.printf("hop-median-us: %.1f%n", local[0]);
        System.out.printf("hop-p99-us: %.1f%n", local[1]);
        System.out.printf("hop-tcp-median-us: %.1f%n", tcp[0]);
        System.out.printf("hop-tcp-p99-us: %.1f%n", tcp[1]);
    }

    private static double plainRun(Program workload, int np) {
        List<String> args = RankArguments.of(workload);
        MpirunCommand command = MpirunCommand.plain(np, MpirunCommand.rankClasspath(), RankMain.class.getName(), args);
        return MpiJob.run(command, Duration.ofMinutes(30));
    }

    private static double emulatedRun(Program workload, int np, Path scratch) {
        return EmulatedLaunch.run(new EmulationPlan(workload, np, ProfileLoader.load("mpich-fast-ethernet"),
                new TaskCost.Real(), false, Duration.ofMinutes(30), scratch, 0)).wallSeconds();
    }

    private static String seconds(double[] walls) {
        return String.join(", ", Arrays.stream(walls).mapToObj(w -> String.format("%.2f", w)).toList());
    }

}
