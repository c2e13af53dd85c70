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
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.DispatcherSelector;

/**
 * One emulator, started next to one job: a Pekko actor system whose guardian is the
 * {@link VirtualTimeKeeper}, and a {@link RankGateway} the ranks connect to with the run's token.
 * The launcher passes {@link #address()} and {@link #token()} to the ranks and waits for {@link #report}.
 */
public final class EmulationSession implements AutoCloseable {

    /**
     * The keeper has a thread of its own: every grant passes through it, and a thread that only ever runs the
     * keeper is woken directly by the gateway's tell instead of waiting for a shared pool's worker.
     */
    private static final String KEEPER_DISPATCHER = "mse.keeper-dispatcher";
    private static final Duration BIND_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration ABORT_GRACE = Duration.ofSeconds(5);

    private final ActorSystem<VirtualTimeKeeper.Command> system;
    private final RankGateway gateway;
    private final CompletableFuture<EmulationReport> report;
    private final AtomicLong tasksDone;
    private final Optional<TimelineWriter> timeline;

    private EmulationSession(ActorSystem<VirtualTimeKeeper.Command> system, RankGateway gateway,
                             CompletableFuture<EmulationReport> report, AtomicLong tasksDone,
                             Optional<TimelineWriter> timeline) {
        this.system = system;
        this.gateway = gateway;
        this.report = report;
        this.tasksDone = tasksDone;
        this.timeline = timeline;
    }

    public static EmulationSession start(EmulationSetup setup) {
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
        ActorSystem<VirtualTimeKeeper.Command> system = ActorSystem.create(
                VirtualTimeKeeper.create(setup, report, events, tasksDone, hosts, timeline), "mse-emulator", config(),
                DispatcherSelector.fromConfig(KEEPER_DISPATCHER));
        // Whatever stops the keeper (an Error it cannot catch), the launcher must not wait for its timeout.
        system.getWhenTerminated().thenRun(() -> report.completeExceptionally(
                new EmulationFailedException("the emulator stopped before the run ended")));
        try {
            ActorRef<GatewayEvent> sink = events.get(BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            RankGateway gateway = RankGateway.bind(system, setup.bindHost(), 0, setup.np(), sink).toCompletableFuture()
                    .get(BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return new EmulationSession(system, gateway, report, tasksDone, timeline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            timeline.ifPresent(TimelineWriter::discard);
            system.terminate();
            throw new EmulationFailedException("interrupted while starting the emulator");
        } catch (ExecutionException | TimeoutException e) {
            timeline.ifPresent(TimelineWriter::discard);
            system.terminate();
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new EmulationFailedException("cannot start the emulator on " + setup.bindHost() + ": " + cause.getMessage());
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
                mse.keeper-dispatcher {
                  type = PinnedDispatcher
                  executor = "thread-pool-executor"
                  thread-pool-executor.allow-core-timeout = off
                }
                """).withFallback(ConfigFactory.load());
    }

    public InetSocketAddress address() {
        return gateway.address();
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
        system.tell(new VirtualTimeKeeper.Abort(reason));
        try {
            report.handle((done, failed) -> null).get(ABORT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the keeper did not answer: end the report here, the ranks learn it when the system stops
        }
        report.completeExceptionally(new EmulationFailedException(reason));
    }

    @Override
    public void close() {
        gateway.close();
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // terminating anyway; nothing a caller could do
        }
        if (!report.isDone() || report.isCompletedExceptionally()) {
            timeline.ifPresent(TimelineWriter::discard); // no report to finish it: leave nothing half-written
        }
    }
}
