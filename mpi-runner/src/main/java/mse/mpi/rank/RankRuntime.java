package mse.mpi.rank;

import java.util.List;
import java.util.function.IntFunction;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.emulator.timeline.TimelineSetup;
import mse.emulator.wire.EmulatorEndpoint;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import mse.mpi.comm.ChaosComm;
import mse.mpi.comm.Comm;
import mse.mpi.comm.EmulatedComm;
import mse.mpi.comm.MpiComm;
import mse.mpi.options.BindOption;

/**
 * The Comm a rank program runs on, plain or emulated as its options say, and the end of the run:
 * any program (MSE's or yours) calls {@link #open}, runs on {@link #comm()}, then {@link #finish} or
 * {@link #fail}. A rank that fails prints why and exits without MPI_Finalize, so mpirun ends the others
 * instead of letting them wait forever for a partner that is gone.
 */
public final class RankRuntime {

    private final MpiComm mpi;
    private final Comm comm;
    private final EmulatedComm emulated;
    private final HostedEmulation hosted;
    private final RankRuntimeOptions options;
    private boolean closed;

    private RankRuntime(MpiComm mpi, Comm comm, EmulatedComm emulated, HostedEmulation hosted, RankRuntimeOptions options) {
        this.mpi = mpi;
        this.comm = comm;
        this.emulated = emulated;
        this.hosted = hosted;
        this.options = options;
    }

    /** MPI_Init and the Comm the options ask for; masters(np) names the master ranks for the emulator's queues. */
    public static RankRuntime open(RankRuntimeOptions options, IntFunction<List<Integer>> masters) throws Exception {
        RunLog.startRank(options.emulate ? options.out : null);
        long cpuBeforeInit = cpuMillis();
        MpiComm mpi = MpiComm.init(new String[0]);
        RunLog.debug(RankRuntime.class, "rank {} of {} started (pid {}), emulator {}: {} ms of CPU before MPI_Init, {} after",
                mpi.rank(), mpi.size(), ProcessHandle.current().pid(), options.emulate ? "hosted by rank 0" : options.emulator,
                cpuBeforeInit, cpuMillis());
        try {
            EmulatedComm emulated = null;
            HostedEmulation hosted = null;
            if (options.emulate) {
                hosted = HostedEmulation.start(mpi, masters.apply(mpi.size()), options.target.target(), options.target.taskCost(),
                        options.bind.host(BindOption.LOOPBACK), TimelineSetup.in(options.out, options.timeline.request()));
                emulated = hosted.comm();
            } else if (options.emulator != null) {
                emulated = new EmulatedComm(mpi, connect(options.emulator, mpi), options.target.taskCost(),
                        CollectiveAlgorithm.parse(options.collectives), options.reportCalls);
            }
            Comm comm = emulated == null ? mpi : emulated;
            if (options.chaos.delayMillis() > 0) {
                comm = new ChaosComm(comm, options.chaos.delayMillis(), System.nanoTime());
            }
            RunLog.debug(RankRuntime.class, "rank {} ready: {} ms of CPU, {} ms since its JVM started", mpi.rank(),
                    cpuMillis(), sinceStartMillis());
            return new RankRuntime(mpi, comm, emulated, hosted, options);
        } catch (Exception | Error e) {
            System.err.println("mse: rank " + mpi.rank() + " cannot start: " + e.getMessage());
            RunLog.details("rank {} cannot start", e, mpi.rank());
            throw e;
        }
    }

    public Comm comm() {
        return comm;
    }

    /**
     * The program's part is over: close the Comm (MPI_Finalize); with --emulate, rank 0 then waits for the
     * emulator's report and writes the result files. Returns rank 0's summary when it wrote one, else null.
     */
    public EmulationSummary finish(RunIdentity identity, RankResult rank0Result) throws Exception {
        endProgram();
        if (hosted == null || rank0Result == null) {
            return null;
        }
        EmulationSummary summary = hosted.finish(identity, rank0Result, options.out);
        System.out.printf("predicted time %.6f s on %s (np %d); results in %s%n",
                summary.predictedSeconds(), summary.header().profile(), mpi.size(),
                options.out.resolve("summary.json"));
        return summary;
    }

    /**
     * The program's part is over (MPI_Finalize; emulated, the rank's last fact): what the rank computes after
     * this, such as checking its results, is not charged. {@link #finish} calls it when the program has not.
     */
    public void endProgram() {
        if (!closed) {
            closed = true;
            comm.close();
        }
    }

    /** The program failed on this rank: tell the emulator (which ends the run naming it) and return exit code 1. */
    public int fail(Throwable e) {
        System.err.println("mse: rank " + mpi.rank() + " failed: " + e);
        RunLog.details("rank {} failed", e, mpi.rank());
        if (emulated != null) {
            emulated.fail(e);
        }
        if (hosted != null) {
            hosted.abort("rank 0 failed: " + e);
        }
        return 1;
    }

    private static EmulatorLink connect(String spec, MpiComm mpi) throws Exception {
        EmulatorEndpoint endpoint;
        try {
            endpoint = EmulatorEndpoint.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--emulator: " + e.getMessage(), e);
        }
        String token = System.getenv(RankRuntimeOptions.TOKEN_VARIABLE);
        if (token == null) {
            throw new IllegalStateException(RankRuntimeOptions.TOKEN_VARIABLE + " is not set; the launcher passes it with mpirun -x");
        }
        return EmulatorLink.connect(endpoint, new Hello(token, mpi.rank(), mpi.size()));
    }

    /** This process's CPU time so far (every thread), -1 where the system does not say. */
    private static long cpuMillis() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L);
    }

    /** Wall time since this JVM started, -1 where the system does not say. */
    private static long sinceStartMillis() {
        return ProcessHandle.current().info().startInstant()
                .map(start -> java.time.Duration.between(start, java.time.Instant.now()).toMillis()).orElse(-1L);
    }
}
