package mse.emulator.sim;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.analysis.RunAnalysis;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.RankAccount;
import mse.emulator.model.FarmLayout;
import mse.emulator.model.MessageTiming;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.LatencyHistograms;

/**
 * The fast path's simulator (seed 000 (000_779708a527b9c658.txt) section 3.2, Fig. 4): the task farm of
 * mse.mpi.apps.farm replayed in virtual time from each task's cost, with the live kernel's cost model
 * ({@link NetworkModel}) and rules ({@link NetworkInterface}, {@link MessageTiming}), and no program, actors
 * or facts.
 *
 * <p>A farm has one choice point: the master's ANY_SOURCE receive. Everything else is determined by program
 * order, so a slave is advanced only when its master sends it something, and the master's queue is a heap of
 * slaves keyed by (reach of their oldest in-flight result at its incoming interface, rank) ({@link ResultQueue},
 * {@link InFlightResults}): a slave's later results leave after its oldest, and a result not yet sent needs a
 * task the master has not yet sent, so the heap's head is always the next result the interface takes. Per message that is O(log P) work on primitive arrays and no allocation. The tests' KernelFarmReplay drives the live {@link
 * mse.emulator.kernel.VirtualTimeKernel} with the same program's facts; the tests hold the two to the same
 * nanosecond.
 *
 * <p>With --prefetch K the master keeps K tasks in flight per slave, as Master.serve does: K
 * rounds at the start, one task per result, a stop once a slave's last result is in. A slave's next task is
 * then waiting when it finishes, so it is advanced as soon as the master sends it (its clock is the end of its
 * previous result's send). That needs eager results: a synchronous result would hold its slave until the
 * master takes it, which is not known then, so K > 1 with results of at least S bytes is refused here.
 *
 * <p>Groups of ML never exchange messages before the final gather (results only go to their own master), so
 * each group is simulated alone: groups 1.. first, then group 0, whose master's interface also passes the
 * other masters' exports in its order ({@link GatherExports}); rank 0 receives those last, as the program does.
 *
 * <p>An observer ({@link #observedBy}) is told every charge and message as the kernel would tell it, so a
 * simulated run has the same timeline as an emulated one (group by group, rather than in time order; {@link
 * FarmTimeline}). Each group is a {@link GroupRun}.
 */
public final class FarmSimulator {

    private final NetworkModel network;
    private final TargetCpu cpu;
    private final FarmShape shape;
    private final FarmLayout layout;
    private final boolean recordLatency;
    private final int prefetch;
    private final FarmTimeline timeline = new FarmTimeline();
    private final AnalysisFeed analysis = new AnalysisFeed();
    private boolean analysed;
    private boolean keepsStretches;

    public FarmSimulator(NetworkModel network, TargetCpu cpu, FarmShape shape, int groups, boolean recordLatency) {
        this(network, cpu, shape, groups, 1, recordLatency);
    }

    /** The farm whose masters keep `prefetch` tasks in flight per slave (--prefetch K). */
    public FarmSimulator(NetworkModel network, TargetCpu cpu, FarmShape shape, int groups, int prefetch, boolean recordLatency) {
        if (prefetch < 1) {
            throw new IllegalArgumentException("a slave needs at least 1 task in flight, got " + prefetch);
        }
        this.prefetch = prefetch;
        this.network = network;
        this.cpu = cpu;
        this.shape = shape;
        this.layout = new FarmLayout(network.processes(), groups);
        this.recordLatency = recordLatency;
    }

    /** Reports every charge and delivered message of the next runs to `observer` (a timeline). */
    public FarmSimulator observedBy(KernelObserver observer) {
        timeline.observedBy(observer);
        return this;
    }

    /**
     * Analyses the next runs: their events go to a {@link RunAnalysis} as the kernel would report them, in each rank's
     * order, so that a simulated run's wait states and critical path ({@link SimulatedRun#bounds}) are the emulated one's.
     */
    public FarmSimulator analysed() {
        return analysed(false);
    }

    /** The same, keeping the critical path's stretches ({@link mse.emulator.analysis.RunBounds#criticalStretches}) when asked. */
    public FarmSimulator analysed(boolean keepsStretches) {
        this.analysed = true;
        this.keepsStretches = keepsStretches;
        return this;
    }

    /** Simulates the farm over tasks whose host costs (nanoseconds before the CPU ratio) are given in assignment order. */
    public SimulatedRun run(long[] hostCosts) {
        return run(hostCosts, new long[hostCosts.length]);
    }

    /**
     * Simulates the farm, each master also computing masterCosts[t] (host nanoseconds) on task t's result after it
     * received it, as a live run's tasks.csv recorded it (masterCpuNanos: its CPU from then up to its next receive).
     */
    public SimulatedRun run(long[] hostCosts, long[] masterCosts) {
        if (masterCosts.length != hostCosts.length) {
            throw new IllegalArgumentException(hostCosts.length + " task costs but " + masterCosts.length + " master costs");
        }
        if (hostCosts.length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many tasks: " + hostCosts.length);
        }
        checkEagerResults(hostCosts.length);
        RunAnalysis bounds = analysed ? new RunAnalysis(network, layout.masters(), keepsStretches) : null;
        analysis.analysedBy(analysed ? bounds : KernelObserver.NONE);
        FarmRanks ranks = new FarmRanks(network, prefetch);
        GroupRun.Setup setup = new GroupRun.Setup(network, cpu, shape, prefetch, recordLatency, timeline, analysis);
        LatencyHistograms latency = new LatencyHistograms();
        GroupRun[] groups = new GroupRun[layout.groups()];
        for (int g = 0; g < layout.groups(); g++) {
            groups[g] = new GroupRun(setup, ranks, layout.groupStart(g), layout.groupStart(g + 1), latency);
        }
        for (int g = layout.groups() - 1; g >= 0; g--) {
            GatherExports exports = g == 0 ? sendExports(groups, hostCosts.length) : GatherExports.none();
            groups[g].serve(hostCosts, masterCosts, (int) layout.taskStart(g, hostCosts.length),
                    (int) layout.taskStart(g + 1, hostCosts.length), exports);
            groups[g].flushOverheads();
            if (g == 0) {
                receiveExports(groups, exports);
            }
        }
        long messages = groups.length - 1;
        long sequential = 0;
        long latest = 0;
        List<RankAccount> masters = new ArrayList<>();
        for (GroupRun g : groups) {
            messages += g.messages;
            sequential += g.computeNanos;
            latest = Math.max(latest, Math.max(g.latestSlaveClock, g.clock));
            masters.add(g.account());
        }
        return new SimulatedRun(latest, sequential, masters, latency, messages, bounds == null ? null : bounds.bounds());
    }

    /** K > 1 needs every result eager (see the class comment); K = 1 simulates synchronous results too. run() checks it first. */
    public void checkEagerResults(int tasks) {
        for (int t = 0; prefetch > 1 && t < tasks; t++) {
            if (network.isSynchronous(shape.resultBytes(t))) {
                throw new IllegalArgumentException(prefetch + " tasks in flight per slave with synchronous results (task " + t
                        + "'s result of " + shape.resultBytes(t) + " bytes reaches the profile's sync-threshold-bytes) are not simulated: "
                        + "use emulate");
            }
        }
    }

    /** ML's end (MultipleMasters.run): each group master g >= 1, done with its group, sends its export to rank 0. */
    private GatherExports sendExports(GroupRun[] groups, int tasks) {
        long[] sendStart = new long[groups.length];
        long[] departure = new long[groups.length];
        int[] source = new int[groups.length];
        int[] bytes = new int[groups.length];
        MessageCosts costs = new MessageCosts(network);
        for (int g = 1; g < groups.length; g++) {
            GroupRun sender = groups[g];
            bytes[g] = shape.gatherBytes((int) layout.taskStart(g, tasks), (int) layout.taskStart(g + 1, tasks));
            costs.of(bytes[g]);
            sendStart[g] = sender.clock;
            if (analysis.isOn()) {
                analysis.sent(sender.master(), groups[0].master(), exportId(g), FarmTags.GATHER, costs, sendStart[g]);
            }
            sender.clock += costs.send();
            sender.sendNanos += costs.send();
            source[g] = sender.master();
            departure[g] = sender.outgoing().leave(sender.clock, costs.occupancy());
        }
        return new GatherExports(sendStart, departure, network.latencyNanos(), source, bytes);
    }

    /** Group g's export to rank 0, as the analysis knows it while in flight: below every other message's id. */
    private static long exportId(int g) {
        return Long.MIN_VALUE + g;
    }

    /** Rank 0 receives the exports in g order: max(clock, a) + o_r; a synchronous sender resumes at the start. */
    private void receiveExports(GroupRun[] groups, GatherExports exports) {
        GroupRun root = groups[0];
        MessageCosts costs = new MessageCosts(network);
        for (int g = 1; g < groups.length; g++) {
            GroupRun sender = groups[g];
            costs.of(exports.bytes(g));
            long start = MessageTiming.receiveStart(root.clock, exports.arrival(g));
            if (analysis.isOn()) {
                analysis.received(sender.master(), root.master(), exportId(g), FarmTags.GATHER, costs, exports.sendStart(g),
                        exports.departure(g), exports.arrival(g), root.clock, start);
                if (costs.synchronous()) {
                    analysis.released(sender.master(), exportId(g), sender.clock, start);
                }
            }
            root.idleNanos += start - root.clock;
            root.clock = start + costs.receive();
            root.receiveNanos += costs.receive();
            timeline.observe(sender.master(), root.master(), FarmTags.GATHER, costs, exports.sendStart(g),
                    exports.departure(g), exports.arrival(g), start);
            if (costs.synchronous() && start > sender.clock) {
                sender.idleNanos += start - sender.clock;
                sender.clock = start;
            }
        }
    }
}
