package mse.mpi.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import mse.emulator.actors.EmulationFailedException;
import mse.emulator.actors.EmulationSession;
import mse.emulator.actors.EmulationSetup;
import mse.emulator.model.NetworkModel;
import mse.emulator.report.EmulationReport;
import mse.emulator.report.Json;
import mse.emulator.timeline.TimelineSetup;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.RankMain;
import mse.mpi.comm.ChaosComm;
import mse.mpi.comm.Comm;
import mse.mpi.comm.EmulatedComm;
import mse.mpi.comm.LocalWorld;
import mse.mpi.rank.RankResult;
import mse.mpi.rank.RankRuntimeOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one program under emulation: starts the emulator in this JVM, then the ranks, either as a real
 * mpirun job (each rank an Open MPI Java process reporting over TCP) or folded into threads of this JVM
 * (LocalComm, same emulator, same sockets), and waits for both. When the run fails, the emulator's
 * reason (deadlock, failed rank) is reported rather than mpirun's.
 */
public final class EmulatedLaunch {

    private static final Logger LOG = LoggerFactory.getLogger(EmulatedLaunch.class);
    private static final Duration REPORT_GRACE = Duration.ofSeconds(30);

    private EmulatedLaunch() {
    }

    public static EmulatedRun run(EmulationPlan plan) {
        EmulationSetup setup = new EmulationSetup(NetworkModel.of(plan.profile().network(), plan.np()),
                plan.cluster().rankCpus(plan.np(), plan.profile().cpu()), plan.program().strategy().masters(plan.np()), plan.bindHost(),
                Duration.ofSeconds(Math.max(60, 4L * plan.np())), TimelineSetup.in(plan.workDir(), plan.timeline()))
                .chargingMeasuredCpu(plan.taskCost().chargesMeasuredCpu());
        // Under mpirun the ranks start while the emulator does; ranks in this JVM wait for it (see EmulationSession).
        try (EmulationSession session = plan.local() ? EmulationSession.start(setup) : EmulationSession.starting(setup)) {
            // The report follows the run: its charts' first costs overlap the run, once the emulator has started.
            session.serving().thenRun(mse.emulator.report.ReportPage::warmUp);
            LOG.info("emulator listening on {}:{} for {} ranks", session.address().getHostString(), session.address().getPort(), plan.np());
            Thread ticker = progressTicker(plan, session);
            try {
                return plan.local() ? runLocal(plan, session) : runMpirun(plan, session);
            } finally {
                ticker.interrupt();
            }
        }
    }

    /** Reports finished tasks twice a second while the run goes. */
    private static Thread progressTicker(EmulationPlan plan, EmulationSession session) {
        long total = plan.program().workload().tasks();
        Thread ticker = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    plan.progress().update(session.tasksDone(), total);
                    Thread.sleep(500);
                }
            } catch (InterruptedException e) {
                plan.progress().update(session.tasksDone(), total);
            }
        }, "progress");
        ticker.setDaemon(true);
        ticker.start();
        return ticker;
    }

    private static EmulatedRun runMpirun(EmulationPlan plan, EmulationSession session) {
        Path masterFile = plan.workDir().resolve("master.json");
        // Ranks on this machine use the emulator's local socket; on several hosts they all use TCP.
        String emulator = (plan.cluster().multiHost() ? session.tcpEndpoint() : session.localEndpoint()).toString();
        // The compiler directives are a file of the build, at the same path on every host.
        MpirunCommand job = mpirun(plan, emulator, masterFile).withJvmOptions(UnchargedCode.jvmOptions(MpirunCommand.rankClasspath()));
        MpirunCommand command = plan.cluster().place(job, plan.workDir());
        double wall;
        try {
            wall = MpiJob.run(command, plan.timeout(), environment(plan.cluster(), session), session.report());
        } catch (LaunchException e) {
            // The emulator usually knows better (which rank vanished, who waits for whom): give it a moment.
            LaunchException reason = emulatorReasonOr(session, e);
            session.abort("mpirun ended: " + e.getMessage());
            throw reason;
        }
        EmulationReport report = awaitReport(session);
        try {
            RankResult master = Json.read(masterFile, RankResult.class);
            Files.deleteIfExists(masterFile);
            return new EmulatedRun(report, master, wall, String.join(" ", command.arguments()));
        } catch (java.io.IOException e) {
            throw new LaunchException("rank 0 left no readable result in " + masterFile + ": " + e.getMessage());
        }
    }

    /**
     * With a deterministic task cost nothing a rank measures is charged, so how its JIT compiles changes no virtual
     * time: its JVM stops at C1. C2's share of a rank JVM's CPU is paid by every rank whatever the number of tasks, and
     * it was the largest part that a rank does not need (docs/measurements/scaling.md, "Under mpirun"). Real mode keeps C2 for the
     * program thread's code, as a plain run compiles it.
     */
    private static List<String> deterministicRankJit(mse.emulator.model.TaskCost taskCost) {
        return taskCost.chargesMeasuredCpu() ? List.of() : List.of("-XX:TieredStopAtLevel=1");
    }

    /**
     * The mpirun job of a plan on this machine: the program's own options (its application's and its strategy's,
     * nothing of another's), how the ranks report to the emulator at `emulator` (HOST:PORT or its local socket), where rank 0 leaves
     * its result; the run's token travels in the environment, never on argv.
     */
    static MpirunCommand mpirun(EmulationPlan plan, String emulator, Path masterFile) {
        List<String> args = new ArrayList<>(RankArguments.of(plan.program()));
        args.addAll(List.of("--result-file", masterFile.toAbsolutePath().toString(), "--emulator", emulator,
                "--task-cost", plan.taskCost().spec(), "--collectives", plan.profile().collectives().spelling()));
        if (plan.chaosDelayMillis() > 0) {
            args.addAll(List.of("--chaos-delay-ms", Integer.toString(plan.chaosDelayMillis())));
        }
        if (plan.timeline().reportsCalls()) {
            args.add("--report-calls");
        }
        return MpirunCommand.local(plan.np(), MpirunCommand.rankClasspath(), RankMain.class.getName(), args)
                .withJvmOptions(deterministicRankJit(plan.taskCost()))
                .exporting(List.of(RankRuntimeOptions.TOKEN_VARIABLE)).withBtl(plan.btl());
    }

    /**
     * The run's token, for the ranks only (-x), and on several hosts Open MPI's TCP progress thread: an emulated
     * rank waits for its grant on the emulator's socket, not inside MPI, so without that thread a message it sent
     * over TCP (and the connection it opens first) would not move until the rank called MPI again, while the
     * receiver waits for it: the run would hang. Shared memory (one host) needs no progress to deliver.
     */
    static Map<String, String> environment(Cluster cluster, EmulationSession session) {
        Map<String, String> environment = new java.util.HashMap<>(Map.of(RankRuntimeOptions.TOKEN_VARIABLE, session.token()));
        if (cluster.multiHost()) {
            environment.put("OMPI_MCA_btl_tcp_progress_thread", "1");
        }
        return environment;
    }

    private static EmulatedRun runLocal(EmulationPlan plan, EmulationSession session) {
        AtomicReference<RankResult> master = new AtomicReference<>();
        long start = System.nanoTime();
        Thread job = new Thread(() -> {
            try {
                new LocalWorld(plan.np()).run(local -> runLocalRank(plan, session, local, master));
            } catch (RuntimeException e) {
                session.abort(e.getMessage());
            }
        }, "local-ranks");
        job.setDaemon(true);
        job.start();
        EmulationReport report = awaitReport(session, plan.timeout());
        try {
            job.join(REPORT_GRACE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double wall = (System.nanoTime() - start) / 1e9;
        return new EmulatedRun(report, master.get(), wall, "local: " + plan.np() + " ranks as threads");
    }

    private static void runLocalRank(EmulationPlan plan, EmulationSession session, Comm local,
                                     AtomicReference<RankResult> master) {
        EmulatedComm emulated;
        try {
            EmulatorLink link = EmulatorLink.connect(session.localEndpoint(), new Hello(session.token(), local.rank(), local.size()));
            emulated = new EmulatedComm(local, link, plan.taskCost(), plan.profile().collectives(), plan.timeline().reportsCalls());
        } catch (java.io.IOException e) {
            throw new LaunchException("rank " + local.rank() + ": " + e.getMessage());
        }
        Comm comm = plan.chaosDelayMillis() > 0 ? new ChaosComm(emulated, plan.chaosDelayMillis(), System.nanoTime()) : emulated;
        RankMain.ProgramRun run;
        try {
            run = RankMain.runRank(comm, plan.program());
        } catch (Exception | Error e) {
            emulated.fail(e);
            throw new LaunchException("rank " + local.rank() + " failed: " + e.getMessage());
        }
        comm.close(); // the program's part is over: checking its results below is not charged
        try {
            RankResult result = run.result();
            if (result != null) {
                master.set(result);
            }
        } catch (java.io.IOException e) {
            throw new LaunchException("rank " + local.rank() + ": " + e.getMessage());
        }
    }

    static EmulationReport awaitReport(EmulationSession session) {
        return awaitReport(session, REPORT_GRACE);
    }

    private static EmulationReport awaitReport(EmulationSession session, Duration limit) {
        try {
            return session.report().get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new LaunchException("emulation failed: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new LaunchException("the emulator did not complete within " + limit.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted while waiting for the emulator");
        }
    }

    /** A failed job: the emulator's reason when it has one (it names ranks and waits), else mpirun's. */
    static LaunchException emulatorReasonOr(EmulationSession session, LaunchException mpirun) {
        try {
            session.report().get(3, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof EmulationFailedException f) {
                return new LaunchException("emulation failed: " + f.getMessage() + " (" + mpirun.getMessage() + ")");
            }
        } catch (TimeoutException | InterruptedException e) {
            // fall back to mpirun's reason
        }
        return mpirun;
    }
}
