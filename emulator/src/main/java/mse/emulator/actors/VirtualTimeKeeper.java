package mse.emulator.actors;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.RankProtocolException;
import mse.emulator.kernel.RunOutcome;
import mse.emulator.kernel.TaskRecord;
import mse.emulator.kernel.VirtualTimeKernel;
import mse.emulator.report.EmulationReport;
import mse.emulator.report.LatencyHistograms;
import mse.emulator.report.RankOrigin;
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
 * routes between it and the ranks' connections. Facts from the gateway go into the kernel; its replies go
 * back to the ranks that asked; messages to and from masters go to their {@link MasterQueue}s. Lower bounds
 * are asked for on demand: a rank the kernel says holds a grant back is told the CPU time it must pass, and
 * answers once when it got there (its next fact answers too); a rank whose facts lately came close together is
 * asked only once the grant has waited a pause ({@link LowerBoundAsking}). No rank is asked in the task-cost modes
 * that charge no measured CPU, where a computing rank's lower bound cannot move before its next fact.
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

    private static final long NOT_ASKED = Long.MAX_VALUE;

    /**
     * A receive or probe the rank posted: whether it waits for its grant, and the pattern of a blocking receive
     * (null for a probe), for which the grant also tells the rank its next match when that is decided already
     * ({@link VirtualTimeKernel#decidedMatch}); a receive that used it comes without waiting, and its grant must
     * take that very message.
     */
    private record Posted(boolean waits, MessagePattern pattern, EmulatorReply.Grant.Next expected) {}

    /**
     * What a Grant told the rank its next receive of `pattern` takes, or a Forecast (pushed): a pushed one holds for
     * the receive even when the rank asked for it, since the ask crossed the Forecast on the wire.
     */
    private record Told(MessagePattern pattern, EmulatorReply.Grant.Next next, boolean pushed) {}

    private final EmulationSetup setup;
    private final CompletableFuture<EmulationReport> result;
    private final TimerScheduler<Command> timers;
    private final VirtualTimeKernel kernel;
    private final RankConnection[] connections;
    /** Per rank, the connection its ProgressRequests go to (real task cost only; null until it connects). */
    private final RankConnection[] lowerBoundChannels;
    /**
     * Per rank, its posted receives (and probes), oldest first: whether each waits for its grant. The kernel
     * settles a rank's receives in the order they were posted, so each Grant answers the head: a receive that
     * did not wait may still be unsettled when the rank posts one that does.
     */
    private final ArrayDeque<Posted>[] posted;
    /** Per rank, the decided next match a Grant told it of, for the pattern of that receive (null: none). */
    private final Told[] toldAhead;
    /**
     * Per rank, its blocking calls so far (receives, probes, polls and sends to itself), counted as the rank's
     * EmulatorLink counts them: what names the receive a Forecast is for.
     */
    private final long[] blockingCalls;
    /** Per rank that receives from anyone (a master), the pattern of its last such receive: what a Forecast is for. */
    private final Map<Integer, MessagePattern> anySourcePatterns = new TreeMap<>();
    /** Per rank, the CPU target of the ProgressRequest it has not answered yet (NOT_ASKED when none). */
    private final long[] askedCpuNanos;
    private final LowerBoundAsking asking;
    /** How long a lower bound not asked for at once waits ({@link LowerBoundAsking#PAUSE}; tests lengthen it). */
    private final Duration askingPause;
    private final Map<Integer, ActorRef<MasterQueue.Command>> queues = new TreeMap<>();
    private final Map<Integer, LatencyHistograms> summaries = new HashMap<>();
    private final List<TaskRecord> tasks = new ArrayList<>();
    /** Where each task id sits in tasks, for its master's CPU on its result, which comes after it. */
    private final Map<Integer, Integer> taskIndex = new HashMap<>();
    private final AtomicLong tasksDone;
    private final RankHosts hosts;
    private final Optional<TimelineWriter> timeline;
    private int connected;
    private boolean concluded;
    /** Why the keeper ended the run, once it did: facts still in flight are then ignored. */
    private String endReason;

    private VirtualTimeKeeper(ActorContext<Command> context, TimerScheduler<Command> timers, EmulationSetup setup,
                              CompletableFuture<EmulationReport> result, AtomicLong tasksDone, RankHosts hosts,
                              Optional<TimelineWriter> timeline, Duration askingPause) {
        super(context);
        this.askingPause = askingPause;
        this.tasksDone = tasksDone;
        this.hosts = hosts;
        this.timeline = timeline;
        this.setup = setup;
        this.result = result;
        this.timers = timers;
        this.connections = new RankConnection[setup.np()];
        this.lowerBoundChannels = new RankConnection[setup.np()];
        this.posted = newQueues(setup.np());
        this.toldAhead = new Told[setup.np()];
        this.blockingCalls = new long[setup.np()];
        this.askedCpuNanos = new long[setup.np()];
        Arrays.fill(askedCpuNanos, NOT_ASKED);
        this.asking = new LowerBoundAsking(setup.np());
        setup.masters().forEach(this::ensureQueue);
        this.kernel = new VirtualTimeKernel(setup.network(), setup.cpus(), new KernelObserver() {
            @Override
            public void messageReceived(MessageRecord message) {
                deliverToQueues(message);
                timeline.ifPresent(t -> t.messageReceived(message));
            }

            @Override
            public void charged(Charge charge) {
                timeline.ifPresent(t -> t.charged(charge));
            }

            @Override
            public void taskDone(TaskRecord task) {
                taskIndex.put(task.taskId(), tasks.size());
                tasks.add(task);
                tasksDone.incrementAndGet();
            }

            @Override
            public void resultHandled(int rank, int task, long hostCpuNanos) {
                Integer at = taskIndex.get(task);
                if (at != null) {
                    TaskRecord t = tasks.get(at);
                    tasks.set(at, t.withMasterCpuNanos(t.masterCpuNanos() + hostCpuNanos));
                }
            }
        });
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
                lowerBoundChannels[c.rank()] = c.connection();
            }
        } else if (event instanceof GatewayEvent.FactsArrived f) {
            for (RankFact fact : f.facts()) {
                if (endReason == null) {
                    onFact(fact);
                }
            }
            requestProgress(false); // once per frame: the facts of one frame are one step of the rank
            sendForecasts();
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
        connections[c.rank()] = c.connection();
        hosts.connected(c.rank(), c.connection().remote());
        connected++;
        getContext().getLog().debug("rank {} connected from {} ({} of {})", c.rank(), c.connection().remote(), connected, setup.np());
    }

    private void onFact(RankFact fact) {
        int rank = fact.rank();
        if (fact instanceof RankFact.Receive r) {
            blockingCalls[rank]++;
            MessagePattern pattern = new MessagePattern(r.source(), r.tag());
            Told told = toldAhead[rank];
            toldAhead[rank] = null; // good for the rank's next receive only
            boolean tookTold = told != null && told.pattern().equals(pattern) && (!r.needsAnswer() || told.pushed());
            posted[rank].add(new Posted(r.needsAnswer() && !tookTold, pattern, tookTold ? told.next() : null));
            if (r.source() == RankFact.ANY) {
                anySourcePatterns.put(rank, pattern);
                ensureQueue(rank); // a rank that takes requests from anyone acts as a master
            }
        } else if (fact instanceof RankFact.Sent sent && sent.dst() == rank) {
            blockingCalls[rank]++;
            toldAhead[rank] = null; // it may pass before the message told of: the rank asks again (EmulatedComm)
        } else if (fact instanceof RankFact.Probe) {
            blockingCalls[rank]++;
            toldAhead[rank] = null;
            posted[rank].add(new Posted(true, null, null));
        } else if (fact instanceof RankFact.ProbeAny probe) {
            blockingCalls[rank]++;
            toldAhead[rank] = null;
            posted[rank].add(new Posted(true, null, null));
            if (probe.patterns().stream().anyMatch(p -> p.source() == RankFact.ANY)) {
                ensureQueue(rank); // a rank that polls for anyone's requests acts as a master too
            }
        }
        askedCpuNanos[rank] = NOT_ASKED; // any fact, a Progress included, answers the open request
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
        if (connected < setup.np() && !result.isDone()) {
            String missing = IntStream.range(0, setup.np()).filter(r -> connections[r] == null)
                    .mapToObj(Integer::toString).collect(Collectors.joining(", "));
            fail("rank(s) " + missing + " did not connect to the emulator within " + setup.connectTimeout().toSeconds() + " s");
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
        summaries.put(summarized.summary().master(), summarized.summary().histograms());
        if (summaries.size() == queues.size()) {
            result.complete(new EmulationReport(kernel.result(), tasks, summaries, List.copyOf(queues.keySet()), timeline, rankOrigins()));
        }
        return this;
    }

    /** Where each rank's connection came from: on several hosts, which machine ran it, and over which socket. */
    private List<RankOrigin> rankOrigins() {
        return java.util.Arrays.stream(connections).map(c -> c == null ? RankOrigin.UNKNOWN : RankOrigin.of(c.remote().getAddress() == null
                ? c.remote().getHostString() : c.remote().getAddress().getHostAddress(), c.localSocket())).toList();
    }

    private void route(List<EmulatorReply> replies) {
        for (EmulatorReply reply : replies) {
            RankConnection connection = connections[reply.rank()];
            if (reply instanceof EmulatorReply.Abort abort) {
                if (connection != null) {
                    connection.abort(abort.reason());
                }
            } else if (reply instanceof EmulatorReply.Grant || reply instanceof EmulatorReply.NothingArrived) {
                Posted receive = posted[reply.rank()].poll();
                if (receive != null && !receive.waits()) {
                    // The rank received without waiting; the grant only settled its virtual time.
                    if (!matches(receive.expected(), reply)) {
                        fail("rank " + reply.rank() + " took " + receive.expected() + " as told, but the emulator granted " + reply);
                        return;
                    }
                    continue;
                }
                if (!answer(connection, ahead(reply, receive))) {
                    return;
                }
            } else if (!answer(connection, reply)) {
                return;
            }
        }
    }

    /** A grant of a blocking receive tells the rank its next match for the same pattern, when that is decided. */
    private EmulatorReply ahead(EmulatorReply reply, Posted receive) {
        if (!(reply instanceof EmulatorReply.Grant grant) || receive == null || receive.pattern() == null) {
            return reply;
        }
        EmulatorReply.Grant.Next next = kernel.decidedMatch(grant.rank(), receive.pattern()).orElse(null);
        toldAhead[grant.rank()] = next == null ? null : new Told(receive.pattern(), next, false);
        return grant.withNext(next);
    }

    /**
     * Tells each master what its next receive takes once that is decided while the master runs (a slave's result
     * came after the master's last grant): the Forecast waits on the master's socket, so its receive finds the
     * answer there instead of a round trip after it asks. Only for a master not told already, with no receive
     * outstanding; the kernel's forecast leaves the master's own next message out, which only a message to itself
     * could overtake, and that voids the Forecast on both sides.
     */
    private void sendForecasts() {
        if (endReason != null || concluded) {
            return;
        }
        for (Map.Entry<Integer, MessagePattern> master : anySourcePatterns.entrySet()) {
            int rank = master.getKey();
            RankConnection connection = connections[rank];
            if (toldAhead[rank] != null || !posted[rank].isEmpty() || connection == null || !kernel.isRunning(rank)) {
                continue;
            }
            MessagePattern pattern = master.getValue();
            kernel.decidedMatch(rank, pattern).ifPresent(next -> {
                toldAhead[rank] = new Told(pattern, next, true);
                // Unasked: a connection that cannot take it is closing, and its disconnect ends the run.
                connection.send(new EmulatorReply.Forecast(rank, blockingCalls[rank], pattern, next));
            });
        }
    }

    private static boolean matches(EmulatorReply.Grant.Next expected, EmulatorReply reply) {
        return expected == null || reply instanceof EmulatorReply.Grant g
                && g.source() == expected.source() && g.tag() == expected.tag() && g.bytes() == expected.bytes();
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

    @SuppressWarnings("unchecked")
    private static ArrayDeque<Posted>[] newQueues(int np) {
        ArrayDeque<Posted>[] queues = (ArrayDeque<Posted>[]) new ArrayDeque<?>[np];
        for (int r = 0; r < np; r++) {
            queues[r] = new ArrayDeque<>();
        }
        return queues;
    }

    /**
     * Asks each rank holding a grant back for its lower bound, unless it already has a request as low, on the
     * rank's lower-bound connection: at once where {@link LowerBoundAsking} says so or when `pauseOver`, else once
     * the pause is over. A request that cannot be written, or a rank without that connection (yet), is harmless:
     * the rank's next fact answers it.
     */
    private void requestProgress(boolean pauseOver) {
        if (concluded || !setup.chargesMeasuredCpu()) {
            return;
        }
        boolean held = false;
        for (EmulatorReply.ProgressRequest request : kernel.progressRequests()) {
            int rank = request.rank();
            RankConnection channel = lowerBoundChannels[rank];
            if (request.cpuNanos() >= askedCpuNanos[rank] || channel == null) {
                continue;
            }
            if (pauseOver || asking.asksAtOnce(rank)) {
                askedCpuNanos[rank] = request.cpuNanos();
                channel.send(request);
            } else {
                held = true;
            }
        }
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
            queues.values().forEach(q -> q.tell(new MasterQueue.Summarize(replyTo)));
            if (queues.isEmpty()) {
                result.complete(new EmulationReport(kernel.result(), tasks, summaries, List.of(), timeline, rankOrigins()));
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
        for (RankConnection[] channels : List.of(connections, lowerBoundChannels)) {
            for (RankConnection connection : channels) {
                if (connection != null) {
                    connection.abort(reason);
                }
            }
        }
    }

    /**
     * A MasterQueue for this rank, spawned on first need. A master found by its first ANY_SOURCE receive (a
     * dynamic master) is measured from then on: keeping every earlier message to replay would make memory
     * grow with the run.
     */
    private void ensureQueue(int master) {
        if (!queues.containsKey(master)) {
            timeline.ifPresent(t -> t.master(master));
            queues.put(master, getContext().spawn(MasterQueue.create(master), "master-queue-" + master));
        }
    }

    private void deliverToQueues(MessageRecord message) {
        ActorRef<MasterQueue.Command> to = queues.get(message.destination());
        if (to != null) {
            to.tell(new MasterQueue.Delivered(message));
        }
        ActorRef<MasterQueue.Command> from = queues.get(message.source());
        if (from != null && from != to) {
            from.tell(new MasterQueue.Delivered(message));
        }
    }
}
