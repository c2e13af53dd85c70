package mse.mpi.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import mse.mpi.rank.RunLog;

/**
 * The argument list of one mpirun job, built as a list (never a shell string). Each flag answers a
 * fact measured on Open MPI 4.1.4 (Debian bookworm):
 * <ul>
 *   <li>root must say --allow-run-as-root;</li>
 *   <li>more ranks than cores need --oversubscribe (Open MPI then yields while idle, but still spins);</li>
 *   <li>--bind-to none, so oversubscribed ranks are not all pinned to one core;</li>
 *   <li>TCP is pinned to one interface (loopback on a single machine), else a transient interface can hang the job;</li>
 *   <li>on several hosts, a hostfile with one line per rank and the sequential mapper put each rank where MSE placed
 *       it; one Open MPI daemon per host is started through the rsh agent (ssh, or OMPI_MCA_plm_rsh_agent);</li>
 *   <li>mpirun takes any argument containing "cp" before -cp for the class path flag, so -cp comes right after java.</li>
 * </ul>
 * The byte transfer layers (btl) default to self,vader,tcp (Open MPI picks vader, shared memory, between
 * ranks of one host); calibration and validation pin one transport: self,vader (fast) or self,tcp (slow).
 */
public record MpirunCommand(String mpirun, int np, int cores, boolean root, String networkInterface, String btl,
                            List<String> exportedVariables, String classpath, List<String> jvmOptions,
                            String mainClass, List<String> programArgs, Path rankHostfile) {

    /** Open MPI's choice among all the transports this project uses. */
    public static final String DEFAULT_BTL = "self,vader,tcp";

    /** Each rank JVM's heap: what a master must hold its results in (checked before launching). */
    public static final long RANK_HEAP_BYTES = 128L << 20;

    public MpirunCommand {
        Objects.requireNonNull(mpirun, "mpirun");
        Objects.requireNonNull(btl, "btl");
        Objects.requireNonNull(classpath, "classpath");
        Objects.requireNonNull(mainClass, "mainClass");
        if (np < 1) {
            throw new IllegalArgumentException("np must be at least 1, got " + np);
        }
        jvmOptions = List.copyOf(jvmOptions);
        exportedVariables = List.copyOf(exportedVariables);
        programArgs = List.copyOf(programArgs);
    }

    /** A job on this machine. */
    public MpirunCommand(String mpirun, int np, int cores, boolean root, String networkInterface, String btl,
                         List<String> exportedVariables, String classpath, List<String> jvmOptions,
                         String mainClass, List<String> programArgs) {
        this(mpirun, np, cores, root, networkInterface, btl, exportedVariables, classpath, jvmOptions, mainClass,
                programArgs, null);
    }

    /**
     * The programs' own code (mse.mpi.apps: the farm's master and slave loops, the workloads) and the code every
     * message runs through (mse.mpi.comm, Open MPI's Java binding mpi.*) are compiled after a hundredth of HotSpot's
     * usual counts. A rank runs its farm loop once, for the whole run, and HotSpot compiles a running loop only
     * after 60,000 iterations (on stack, Tier3BackEdgeThreshold): a 4,096-task master otherwise stays interpreted to
     * its last result, and after each blocking receive the interpreter refills the caches with its metadata before
     * the program's next line, which real task cost charged as the master's work (several times the compiled loop's
     * cost per result). A send or receive reaches C2 only after 5,000 calls, so a plain
     * run of 8,192 messages ran C1's profiling code where `calibrate`, after 10,000 round trips, timed compiled
     * code. Only these classes: scaling every class compiled the JVM's own start-up loops too, which doubled a
     * run's CPU time. quiet: no line per command on the rank's stdout.
     *
     * <p>And no rank compiles the farm warm-up's task step, so each workload method it calls (describe, compute,
     * collect, the message framing) counts its own calls and reaches C2 on its own. Compiled, the step inlined them
     * all, their own counters stopped in C1, and the run's loops compiled them again: a plain run lost time to
     * compilations inside the measured span that took a core from the master or the slave, and an emulated run used
     * more CPU, while the master's charged compute per result does not change with this (docs/measurements/real-mode.md).
     */
    public static final List<String> PROGRAM_JIT_OPTIONS = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=CompileThresholdScaling,mse.mpi.apps.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,mse.mpi.comm.*::*,0.01",
            "-XX:CompileCommand=CompileThresholdScaling,mpi.*::*,0.01",
            "-XX:CompileCommand=exclude,mse.mpi.apps.farm.FarmWarmUp::exerciseTask");

    /**
     * An emulated run's ranks compile the farm master's loop (Master.serve) after a thousandth of HotSpot's counts:
     * a running loop is compiled on-stack only after many iterations, so the master's work per result was charged as
     * interpreter and C1 code for its first thousand or so results, several times what compiled code costs, which
     * doubled the work charged per result over a whole run (docs/measurements/real-mode.md). Plain runs leave it out: compiled
     * that early, the loop was compiled again, whole, inside the measured span; they rehearse the farm instead
     * (FarmWarmUp), which compiles it before.
     */
    public static final List<String> EMULATED_RUN_JIT_OPTIONS = List.of(
            "-XX:CompileCommand=CompileThresholdScaling,mse.mpi.apps.farm.Master::serve,0.001");

    /**
     * A job of np java ranks on this machine, with rank JVMs kept light (128 MB heap, serial GC, no perf data file:
     * nothing reads a rank's jvmstat counters, and a file in /tmp/hsperfdata_USER per rank is only a chance for
     * "Cannot use file /tmp/hsperfdata_root/PID" warnings on a rank's stderr), the programs'
     * loops compiled early ({@link #PROGRAM_JIT_OPTIONS}, {@link #EMULATED_RUN_JIT_OPTIONS}) and logging where this
     * JVM logs now ({@link RunLog#rankJvmOptions()}: the run's mse.log, the console's threshold).
     */
    public static MpirunCommand local(int np, String classpath, String mainClass, List<String> programArgs) {
        return local(np, classpath, mainClass, programArgs, EMULATED_RUN_JIT_OPTIONS);
    }

    /**
     * A job of np ranks of a program of the user's own (a C, C++ or Fortran executable, or any command line): the
     * command line as given, after mpirun's own flags; no class path and no main class (both empty).
     */
    public static MpirunCommand foreign(int np, List<String> commandLine) {
        return new MpirunCommand("mpirun", np, Runtime.getRuntime().availableProcessors(),
                "root".equals(System.getProperty("user.name")), "lo", DEFAULT_BTL, List.of(), "", List.of(), "", commandLine);
    }

    /** Whether the ranks are MSE's own Java program (else a foreign program's command line, {@link #foreign}). */
    public boolean java() {
        return !mainClass.isEmpty();
    }

    /** A plain run of the program: {@link #local} without {@link #EMULATED_RUN_JIT_OPTIONS}. */
    public static MpirunCommand plain(int np, String classpath, String mainClass, List<String> programArgs) {
        return local(np, classpath, mainClass, programArgs, List.of());
    }

    private static MpirunCommand local(int np, String classpath, String mainClass, List<String> programArgs,
                                       List<String> moreJitOptions) {
        List<String> jvm = new ArrayList<>(List.of("-Xmx" + (RANK_HEAP_BYTES >> 20) + "m", "-XX:+UseSerialGC", "-XX:-UsePerfData",
                "-Xshare:auto"));
        jvm.addAll(PROGRAM_JIT_OPTIONS);
        jvm.addAll(moreJitOptions);
        jvm.addAll(RunLog.rankJvmOptions());
        return new MpirunCommand("mpirun", np, Runtime.getRuntime().availableProcessors(),
                "root".equals(System.getProperty("user.name")), "lo", DEFAULT_BTL, List.of(), classpath, jvm, mainClass,
                programArgs);
    }

    /**
     * The class path ranks start with: the mse.classpath property when set (tests set it to the built
     * classes and target/lib), else this JVM's own class path, which holds the same classes.
     */
    public static String rankClasspath() {
        return System.getProperty("mse.classpath", System.getProperty("java.class.path"));
    }

    /** The same job with environment variables exported to every rank (mpirun -x): secrets stay off argv. */
    public MpirunCommand exporting(List<String> variables) {
        return new MpirunCommand(mpirun, np, cores, root, networkInterface, btl, variables, classpath, jvmOptions,
                mainClass, programArgs, rankHostfile);
    }

    /** The same job with more options for each rank's JVM, after those it has. */
    public MpirunCommand withJvmOptions(List<String> more) {
        List<String> options = new ArrayList<>(jvmOptions);
        options.addAll(more);
        return new MpirunCommand(mpirun, np, cores, root, networkInterface, btl, exportedVariables, classpath, options,
                mainClass, programArgs, rankHostfile);
    }

    /** The same job over other byte transfer layers, e.g. "self,tcp" (--mca btl). */
    public MpirunCommand withBtl(String transports) {
        return new MpirunCommand(mpirun, np, cores, root, networkInterface, transports, exportedVariables, classpath,
                jvmOptions, mainClass, programArgs, rankHostfile);
    }

    /**
     * The same job on other hosts: `rankHostfile` names the host of each rank, one line per rank, in rank
     * order (Open MPI's sequential mapper, --mca rmaps seq), and TCP uses `networkInterface` (a name or CIDR).
     */
    public MpirunCommand onHosts(Path rankHostfile, String networkInterface) {
        return new MpirunCommand(mpirun, np, cores, root, networkInterface, btl, exportedVariables, classpath,
                jvmOptions, mainClass, programArgs, rankHostfile);
    }

    /** More ranks than cores on this machine; on other hosts the hostfile's slots decide, checked before. */
    public boolean oversubscribed() {
        return rankHostfile == null && np > cores;
    }

    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        args.add(mpirun);
        args.add("-np");
        args.add(Integer.toString(np));
        if (root) {
            args.add("--allow-run-as-root");
        }
        if (oversubscribed()) {
            args.add("--oversubscribe");
        }
        if (rankHostfile != null) {
            args.addAll(List.of("--hostfile", rankHostfile.toString(), "--mca", "rmaps", "seq"));
        }
        args.addAll(List.of("--bind-to", "none"));
        args.addAll(List.of("--mca", "btl", btl));
        args.addAll(List.of("--mca", "btl_tcp_if_include", networkInterface));
        args.addAll(List.of("--mca", "oob_tcp_if_include", networkInterface));
        for (String variable : exportedVariables) {
            args.add("-x");
            args.add(variable);
        }
        if (java()) {
            args.add("java");
            args.add("-cp");
            args.add(classpath);
            args.addAll(jvmOptions);
            args.add(mainClass);
        }
        args.addAll(programArgs);
        return args;
    }
}
