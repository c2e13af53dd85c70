package mse.emulator.actors;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import mse.emulator.report.EmulationReport;
import mse.emulator.timeline.RankHosts;
import mse.emulator.timeline.TimelineWriter;
import mse.emulator.wire.EmulatorEndpoint;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.BootstrapSetup;
import scala.concurrent.ExecutionContext;

/**
 * One emulator, started next to one job: a Pekko actor system whose guardian is the
 * {@link VirtualTimeKeeper}, and a {@link RankGateway} the ranks connect to with the run's token.
 * The launcher passes {@link #address()} and {@link #token()} to the ranks and waits for {@link #report}.
 */
public final class EmulationSession implements AutoCloseable {

    private static final Duration BIND_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration ABORT_GRACE = Duration.ofSeconds(5);

    /** Started on a thread of its own while the launcher starts the ranks (see {@link #start}). */
    private final CompletableFuture<ActorSystem<VirtualTimeKeeper.Command>> system;
    /** Completes when the gateway accepts the ranks (the keeper is ready). */
    private final CompletableFuture<Void> serving;
    private final GatewayLoop loop;
    private final RankGateway gateway;
    private final CompletableFuture<EmulationReport> report;
    private final AtomicLong tasksDone;
    private final Optional<TimelineWriter> timeline;

    private EmulationSession(CompletableFuture<ActorSystem<VirtualTimeKeeper.Command>> system, CompletableFuture<Void> serving,
                             GatewayLoop loop, RankGateway gateway,
                             CompletableFuture<EmulationReport> report, AtomicLong tasksDone,
                             Optional<TimelineWriter> timeline) {
        this.system = system;
        this.serving = serving;
        this.loop = loop;
        this.gateway = gateway;
        this.report = report;
        this.tasksDone = tasksDone;
        this.timeline = timeline;
    }

    /**
     * An emulator that accepts the ranks when this returns, as a run whose ranks share this JVM (`--local`, the tests)
     * needs: their warm-ups do not share the JIT with the actor system's start.
     */
    public static EmulationSession start(EmulationSetup setup) {
        EmulationSession session = starting(setup);
        try {
            session.serving.get(2 * BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return session;
        } catch (ExecutionException e) {
            session.close();
            throw e.getCause() instanceof EmulationFailedException failed ? failed
                    : new EmulationFailedException("cannot start the emulator on " + setup.bindHost() + ": " + e.getCause());
        } catch (TimeoutException e) {
            session.close();
            throw new EmulationFailedException("cannot start the emulator on " + setup.bindHost() + ": it did not start in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            session.close();
            throw new EmulationFailedException("interrupted while starting the emulator");
        }
    }

    /**
     * The sockets open, the actor system still starting on a thread of its own: the address, the local socket and
     * the token are known, so a launcher starts mpirun now (Pekko's start took as long as mpirun's), and the ranks
     * that connect before the keeper is ready wait in the sockets' backlog. {@link #serving()} says when it is.
     */
    public static EmulationSession starting(EmulationSetup setup) {
        CompletableFuture<EmulationReport> report = new CompletableFuture<>();
        CompletableFuture<ActorRef<GatewayEvent>> events = new CompletableFuture<>();
        AtomicLong tasksDone = new AtomicLong();
        RankHosts hosts = new RankHosts();
        Optional<TimelineWriter> timeline;
        try {
            timeline = setup.timeline().open(hosts, setup.masters());
        } catch (IOException e) {
            throw new EmulationFailedException("cannot write the timeline " + setup.timeline().file() + ": " + e.getMessage());
        }
        GatewayLoop loop;
        try {
            loop = GatewayLoop.start("mse-rank-gateway");
        } catch (IOException e) {
            timeline.ifPresent(TimelineWriter::discard);
            throw new EmulationFailedException("cannot open a selector for the emulator: " + e.getMessage());
        }
        RankGateway gateway;
        try {
            gateway = RankGateway.open(loop, setup.bindHost(), 0, setup.np());
        } catch (IOException | RuntimeException e) {
            timeline.ifPresent(TimelineWriter::discard);
            loop.close();
            throw new EmulationFailedException("cannot start the emulator on " + setup.bindHost() + ": " + e.getMessage());
        }
        CompletableFuture<ActorSystem<VirtualTimeKeeper.Command>> system = new CompletableFuture<>();
        CompletableFuture<Void> serving = new CompletableFuture<>();
        Thread starter = new Thread(() -> {
            try {
                // The actors run on the gateway's loop: the keeper handles a fact on the thread that read it.
                ActorSystem<VirtualTimeKeeper.Command> started = ActorSystem.create(
                        VirtualTimeKeeper.create(setup, report, events, tasksDone, hosts, timeline), "mse-emulator",
                        BootstrapSetup.create(config()).withDefaultExecutionContext(ExecutionContext.fromExecutor(loop)));
                system.complete(started);
                // Whatever stops the keeper (an Error it cannot catch), the launcher must not wait for its timeout.
                started.getWhenTerminated().thenRun(() -> report.completeExceptionally(
                        new EmulationFailedException("the emulator stopped before the run ended")));
                gateway.serve(events.get(BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
                serving.complete(null);
            } catch (InterruptedException e) {
                EmulationFailedException failed = new EmulationFailedException("interrupted while starting the emulator");
                serving.completeExceptionally(failed);
                report.completeExceptionally(failed);
            } catch (Exception | Error e) {
                system.completeExceptionally(e);
                Throwable cause = e.getCause() == null ? e : e.getCause();
                EmulationFailedException failed = new EmulationFailedException("cannot start the emulator on " + setup.bindHost()
                        + ": " + cause.getMessage());
                serving.completeExceptionally(failed);
                report.completeExceptionally(failed);
            }
        }, "emulator-start");
        starter.setDaemon(true);
        starter.start();
        return new EmulationSession(system, serving, loop, gateway, report, tasksDone, timeline);
    }

    /** The system terminates on the loop's thread, so the loop stops only after it. */
    private static void terminate(ActorSystem<?> system) {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // terminating anyway; nothing a caller could do
        }
    }

    /** Pekko logs through SLF4J; no remoting, no coordinated-shutdown exit of the JVM. */
    private static Config config() {
        return ConfigFactory.parseString("""
                pekko.loggers = ["org.apache.pekko.event.slf4j.Slf4jLogger"]
                pekko.logging-filter = "org.apache.pekko.event.slf4j.Slf4jLoggingFilter"
                pekko.loglevel = INFO
                pekko.stdout-loglevel = OFF
                pekko.log-dead-letters = off
                pekko.log-dead-letters-during-shutdown = off
                pekko.coordinated-shutdown.exit-jvm = off
                pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
                """).withFallback(ConfigFactory.load());
    }

    /** Completes when the emulator has started and accepts the ranks, exceptionally when it could not start. */
    public CompletableFuture<Void> serving() {
        return serving;
    }

    public InetSocketAddress address() {
        return gateway.address();
    }

    /** Where ranks on other hosts connect: the gateway's TCP address. */
    public EmulatorEndpoint tcpEndpoint() {
        return EmulatorEndpoint.tcp(address().getHostString(), address().getPort());
    }

    /** Where ranks on this machine connect: the gateway's local socket (cheaper per message than TCP). */
    public EmulatorEndpoint localEndpoint() {
        return gateway.localEndpoint();
    }

    /** The run's secret: ranks must present it; pass it in the environment, never on a command line. */
    public String token() {
        return gateway.token();
    }

    /** Completes with the report when every rank finished, or exceptionally with EmulationFailedException. */
    public CompletableFuture<EmulationReport> report() {
        return report;
    }

    /** Tasks finished so far, for progress displays (read from any thread). */
    public long tasksDone() {
        return tasksDone.get();
    }

    /**
     * Ends the run from outside (the job died): the keeper tells the ranks still connected why, and those
     * that connect later. Returns once the report has failed (or the run had ended already), so a caller
     * may close the session right after.
     */
    public void abort(String reason) {
        system.thenAccept(started -> started.tell(new VirtualTimeKeeper.Abort(reason)));
        try {
            report.handle((done, failed) -> null).get(ABORT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the keeper did not answer: end the report here, the ranks learn it when the system stops
        }
        report.completeExceptionally(new EmulationFailedException(reason));
    }

    /**
     * After a report, the actor system stops in the background (and the loop after it, on whose thread it stops):
     * nothing waits for it, the report is complete, and its coordinated shutdown took a fifth of a second at the end of
     * every run. Without a report (a failed or unfinished run) this returns only once both have stopped, and discards
     * the half-written timeline.
     */
    @Override
    public void close() {
        gateway.unbind();
        if (report.isDone() && !report.isCompletedExceptionally()) {
            system.whenComplete((started, failed) -> {
                if (started == null) {
                    loop.close();
                } else {
                    started.terminate();
                    started.getWhenTerminated().thenRun(loop::close); // closes every connection still open
                }
            });
            return;
        }
        try {
            terminate(system.get(BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // it never started: nothing to stop
        }
        loop.close(); // closes every connection still open
        timeline.ifPresent(TimelineWriter::discard); // no report to finish it: leave nothing half-written
    }
}
