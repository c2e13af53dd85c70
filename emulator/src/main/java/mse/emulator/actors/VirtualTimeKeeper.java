package mse.emulator.actors;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import mse.emulator.analysis.RunAnalysis;
import mse.emulator.analysis.RunBounds;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.RankProtocolException;
import mse.emulator.kernel.RunOutcome;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.VirtualTimeKernel;
import mse.emulator.report.EmulationReport;
import mse.emulator.timeline.RankHosts;
import mse.emulator.timeline.TimelineWriter;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * The actor that owns virtual time: it holds the {@link VirtualTimeKernel} (the functional core) and
 * routes between it and the ranks' connections ({@link RankConnections}). Facts from the gateway go into the kernel;
 * its replies go back to the ranks that asked, settling the receives they posted ({@link PostedReceives}, which also
 * tells ranks their next match ahead); messages to and from masters go to their {@link MasterQueues}, finished tasks
 * to the {@link TaskLedger} (through the {@link RunRecorder}). Lower bounds are asked for on demand: a rank the kernel
 * says holds a grant back is told the CPU time it must pass, and answers once when it got there (its next fact answers
 * too); a rank whose facts lately came close together is asked only once the grant has waited a pause
 * ({@link LowerBoundAsking}). No rank is asked in the task-cost modes that charge no measured CPU, where a computing
 * rank's lower bound cannot move before its next fact.
 */
public final class VirtualTimeKeeper extends AbstractBehavior<VirtualTimeKeeper.Command> {

    public sealed interface Command {}

    record FromGateway(GatewayEvent event) implements Command {}

    record ConnectDeadline() implements Command {}

    /** The pause is over for the lower bounds not asked for at once: every rank still holding a grant back is asked. */
    record AskHeldBack() implements Command {}

    private static final AskHeldBack ASK_HELD_BACK = new AskHeldBack();

    record QueueSummarized(MasterQueue.Summary summary) implements Command {}

    /** Ends the run from outside (the job died): connected ranks are told why, later ones at once. */
    record Abort(String reason) implements Command {}

    private final EmulationSetup setup;
    private final CompletableFuture<EmulationReport> result;
    private final TimerScheduler<Command> timers;
    private final VirtualTimeKernel kernel;
    private final RankConnections connections;
    private final PostedReceives receives;
    private final LowerBoundAsking asking;
    /** How long a lower bound not asked for at once waits ({@link LowerBoundAsking#PAUSE}; tests lengthen it). */
    private final Duration askingPause;
    private final MasterQueues queues;
    private final TaskLedger tasks;
    private final RankHosts hosts;
    private final Optional<TimelineWriter> timeline;
    private final RunAnalysis analysis;
    private boolean concluded;
    /** Why the keeper ended the run, once it did: facts still in flight are then ignored. */
    private String endReason;

    private VirtualTimeKeeper(ActorContext<Command> context, TimerScheduler<Command> timers, EmulationSetup setup,
                              CompletableFuture<EmulationReport> result, AtomicLong tasksDone, RankHosts hosts,
                              Optional<TimelineWriter> timeline, Duration askingPause) {
        super(context);
        this.askingPause = askingPause;
        this.tasks = new TaskLedger(tasksDone);
        this.hosts = hosts;
        this.timeline = timeline;
        this.setup = setup;
        this.result = result;
        this.timers = timers;
        this.connections = new RankConnections(setup.np());
        this.asking = new LowerBoundAsking(setup.np());
        this.queues = new MasterQueues(context, timeline);
        setup.masters().forEach(queues::ensure);
        this.analysis = new RunAnalysis(setup.network(), setup.masters(), timeline.map(TimelineWriter::writesOtf2).orElse(false));
        this.kernel = new VirtualTimeKernel(setup.network(), setup.cpus(), new RunRecorder(queues, tasks, timeline, analysis));
        this.receives = new PostedReceives(kernel, setup.np());
        timers.startSingleTimer(new ConnectDeadline(), setup.connectTimeout());
    }

    /**
     * The keeper; the gateway's events reach it through `events`, which the caller binds a gateway to. The
     * timeline (when asked for) learns each rank's host from its connection, through `hosts`.
     */
    public static Behavior<Command> create(EmulationSetup setup, CompletableFuture<EmulationReport> result,
                                           CompletableFuture<ActorRef<GatewayEvent>> events, AtomicLong tasksDone,
                                           RankHosts hosts, Optional<TimelineWriter> timeline) {
        return create(setup, result, events, tasksDone, hosts, timeline, LowerBoundAsking.PAUSE);
    }

    /** The same with another pause before a lower bound not asked for at once is asked (tests). */
    static Behavior<Command> create(EmulationSetup setup, CompletableFuture<EmulationReport> result,
                                    CompletableFuture<ActorRef<GatewayEvent>> events, AtomicLong tasksDone,
                                    RankHosts hosts, Optional<TimelineWriter> timeline, Duration askingPause) {
        return Behaviors.setup(context -> Behaviors.withTimers(timers -> {
            events.complete(context.messageAdapter(GatewayEvent.class, FromGateway::new));
            return new VirtualTimeKeeper(context, timers, setup, result, tasksDone, hosts, timeline, askingPause);
        }));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(FromGateway.class, m -> supervised(() -> onGatewayEvent(m)))
                .onMessage(ConnectDeadline.class, m -> supervised(() -> onConnectDeadline(m)))
                .onMessage(AskHeldBack.class, m -> supervised(() -> {
                    requestProgress(true);
                    return this;
                }))
                .onMessage(QueueSummarized.class, m -> supervised(() -> onQueueSummarized(m)))
                .onMessage(Abort.class, m -> supervised(() -> onAbort(m)))
                .build();
    }

    /**
     * The keeper supervises itself: an exception in a handler would stop the actor and leave the launcher
     * waiting for its timeout, so it ends the run at once, with the reason, and tells the ranks.
     */
    private Behavior<Command> supervised(Supplier<Behavior<Command>> handler) {
        try {
            return handler.get();
        } catch (RuntimeException e) {
            getContext().getLog().error("the emulator failed", e);
            fail("the emulator failed: " + e);
            return this;
        }
    }

    private Behavior<Command> onGatewayEvent(FromGateway message) {
        GatewayEvent event = message.event();
        if (event instanceof GatewayEvent.RankConnected c) {
            onConnected(c);
        } else if (event instanceof GatewayEvent.LowerBoundsConnected c) {
            if (endReason != null) {
                c.connection().abort(endReason);
            } else {
                connections.lowerBoundsConnected(c.rank(), c.connection());
            }
        } else if (event instanceof GatewayEvent.FactsArrived f) {
            for (RankFact fact : f.facts()) {
                if (endReason == null) {
                    onFact(fact);
                }
            }
            requestProgress(false); // once per frame: the facts of one frame are one step of the rank
            if (endReason == null && !concluded) {
                receives.sendForecasts(connections);
            }
        } else if (event instanceof GatewayEvent.RankDisconnected d) {
            onDisconnected(d);
        } else if (event instanceof GatewayEvent.ConnectionRejected r) {
            getContext().getLog().warn("refused a connection from {}: {}", r.remote(), r.reason());
        }
        return this;
    }

    /** The gateway accepts only this run's np, so c.rank() is one of this run's ranks. */
    private void onConnected(GatewayEvent.RankConnected c) {
        if (endReason != null) {
            c.connection().abort(endReason);
            return;
        }
        connections.connected(c.rank(), c.connection());
        hosts.connected(c.rank(), c.connection().remote());
        getContext().getLog().debug("rank {} connected from {} ({} of {})", c.rank(), c.connection().remote(),
                connections.count(), setup.np());
    }

    private void onFact(RankFact fact) {
        int rank = fact.rank();
        if (receives.observe(fact)) {
            queues.ensure(rank); // a rank that receives or polls for anyone's messages acts as a master
        }
        asking.observe(fact);
        List<EmulatorReply> replies;
        try {
            replies = kernel.accept(fact);
        } catch (RuntimeException protocolError) {
            int culprit = protocolError instanceof RankProtocolException p ? p.rank() : rank;
            replies = kernel.accept(new RankFact.Failed(culprit, "rank " + culprit + " broke the emulation protocol: "
                    + protocolError.getMessage()));
        }
        route(replies);
        concludeIfOver();
    }

    private void onDisconnected(GatewayEvent.RankDisconnected d) {
        boolean finished = kernel.reportedFinish(d.rank());
        if (!finished && !kernel.outcome().isOver() && endReason == null) {
            String why = d.clean() ? "closed its connection before it finished" : "lost its connection (" + d.cause() + ")";
            route(kernel.accept(new RankFact.Failed(d.rank(), "rank " + d.rank() + " " + why)));
            concludeIfOver();
        }
    }

    private Behavior<Command> onConnectDeadline(ConnectDeadline deadline) {
        if (connections.count() < setup.np() && !result.isDone()) {
            fail("rank(s) " + connections.missing() + " did not connect to the emulator within "
                    + setup.connectTimeout().toSeconds() + " s");
        }
        return this;
    }

    private Behavior<Command> onAbort(Abort abort) {
        if (!concluded) {
            fail(abort.reason());
        }
        return this;
    }

    private Behavior<Command> onQueueSummarized(QueueSummarized summarized) {
        if (queues.summarized(summarized.summary())) {
            completeReport();
        }
        return this;
    }

    private void completeReport() {
        RunResult accounted = kernel.result();
        RunBounds bounds = analysis.bounds(accounted);
        timeline.ifPresent(t -> t.markCriticalPath(analysis.criticalStretches()));
        result.complete(new EmulationReport(accounted, tasks.tasks(), queues.summaries(), queues.masters(), timeline,
                connections.origins(), Optional.of(bounds)));
    }

    private void route(List<EmulatorReply> replies) {
        for (EmulatorReply reply : replies) {
            RankConnection connection = connections.of(reply.rank());
            if (reply instanceof EmulatorReply.Abort abort) {
                if (connection != null) {
                    connection.abort(abort.reason());
                }
            } else if (reply instanceof EmulatorReply.Grant || reply instanceof EmulatorReply.NothingArrived) {
                PostedReceives.Posted receive = receives.settle(reply.rank());
                if (receive != null && !receive.waits()) {
                    // The rank received without waiting; the grant only settled its virtual time.
                    if (!receive.tookAsTold(reply)) {
                        fail("rank " + reply.rank() + " took " + receive.expected() + " as told, but the emulator granted " + reply);
                        return;
                    }
                    continue;
                }
                if (!answer(connection, receives.ahead(reply, receive))) {
                    return;
                }
            } else if (!answer(connection, reply)) {
                return;
            }
        }
    }

    /** Sends a reply the rank waits for; false (and the run ended) when that is impossible. */
    private boolean answer(RankConnection connection, EmulatorReply reply) {
        if (connection == null || !connection.send(reply)) {
            // The rank waits for this answer and would wait until the launcher's timeout: end the run now.
            fail("could not answer rank " + reply.rank() + " (" + reply.getClass().getSimpleName()
                    + "): its connection is closed or it stopped reading");
            return false;
        }
        return true;
    }

    /**
     * Asks the ranks holding a grant back for their lower bounds ({@link LowerBoundAsking}), and if some are to wait
     * for the pause, asks them once it is over. No rank is asked in the task-cost modes that charge no measured CPU.
     */
    private void requestProgress(boolean pauseOver) {
        if (concluded || !setup.chargesMeasuredCpu()) {
            return;
        }
        boolean held = asking.ask(kernel.progressRequests(), connections, pauseOver);
        if (held && !timers.isTimerActive(ASK_HELD_BACK)) {
            timers.startSingleTimer(ASK_HELD_BACK, askingPause);
        }
    }

    private void concludeIfOver() {
        RunOutcome outcome = kernel.outcome();
        if (concluded || !outcome.isOver()) {
            return;
        }
        concluded = true;
        if (outcome instanceof RunOutcome.Completed) {
            ActorRef<MasterQueue.Summary> replyTo = getContext().messageAdapter(MasterQueue.Summary.class, QueueSummarized::new);
            if (!queues.summarize(replyTo)) {
                completeReport();
            }
        } else {
            fail(outcome.reason());
        }
    }

    /** Ends the run: the launcher learns why at once, every connected rank is told (a lost one is gone anyway). */
    private void fail(String reason) {
        concluded = true;
        endReason = reason;
        timeline.ifPresent(TimelineWriter::discard);
        result.completeExceptionally(new EmulationFailedException(reason));
        connections.abortAll(reason);
    }
}
