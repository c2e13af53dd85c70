package mse.emulator.sim;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankAccount;
import mse.emulator.model.FarmLayout;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.MessageTiming;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.LatencyHistograms;

/**
 * The fast path's simulator (seed 000 (000_779708a527b9c658.txt) section 3.2, Fig. 4): the task farm of
 * mse.mpi.apps.farm replayed in virtual time from each task's cost, with the live kernel's cost model
 * ({@link LogGpsModel}) and rules ({@link NetworkInterface}, {@link MessageTiming}), and no program, actors
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
 * <p>With --prefetch K (issue 20) the master keeps K tasks in flight per slave, as Master.serve does: K
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
 * simulated run has the same timeline as an emulated one (group by group, rather than in time order).
 */
public final class FarmSimulator {

    private final LogGpsModel network;
    private final TargetCpu cpu;
    private final FarmShape shape;
    private final FarmLayout layout;
    private final boolean recordLatency;
    private final int prefetch;
    private KernelObserver observer = KernelObserver.NONE;
    private boolean observed;
    private long nextSequence;

    public FarmSimulator(LogGpsModel network, TargetCpu cpu, FarmShape shape, int groups, boolean recordLatency) {
        this(network, cpu, shape, groups, 1, recordLatency);
    }

    /** The farm whose masters keep `prefetch` tasks in flight per slave (--prefetch K). */
    public FarmSimulator(LogGpsModel network, TargetCpu cpu, FarmShape shape, int groups, int prefetch, boolean recordLatency) {
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
        this.observer = observer;
        this.observed = observer != KernelObserver.NONE;
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
        Ranks ranks = new Ranks(network.processes(), prefetch);
        LatencyHistograms latency = new LatencyHistograms();
        GroupRun[] groups = new GroupRun[layout.groups()];
        for (int g = 0; g < layout.groups(); g++) {
            groups[g] = new GroupRun(ranks, layout.groupStart(g), layout.groupStart(g + 1), latency);
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
        return new SimulatedRun(latest, sequential, masters, latency, messages);
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
            sender.clock += costs.send();
            sender.sendNanos += costs.send();
            source[g] = sender.master;
            departure[g] = sender.r.outgoing[sender.master].leave(sender.clock, costs.occupancy());
        }
        return new GatherExports(sendStart, departure, network.latencyNanos(), source, bytes);
    }

    /** Rank 0 receives the exports in g order: max(clock, a) + o_r; a synchronous sender resumes at the start. */
    private void receiveExports(GroupRun[] groups, GatherExports exports) {
        GroupRun root = groups[0];
        MessageCosts costs = new MessageCosts(network);
        for (int g = 1; g < groups.length; g++) {
            GroupRun sender = groups[g];
            costs.of(exports.bytes(g));
            long start = MessageTiming.receiveStart(root.clock, exports.arrival(g));
            root.idleNanos += start - root.clock;
            root.clock = start + costs.receive();
            root.receiveNanos += costs.receive();
            observe(sender.master, root.master, FarmTags.GATHER, costs, exports.sendStart(g),
                    exports.departure(g), exports.arrival(g), start);
            if (costs.synchronous() && start > sender.clock) {
                sender.idleNanos += start - sender.clock;
                sender.clock = start;
            }
        }
    }

    /**
     * A delivered message as the kernel reports it: the sender's send overhead, the receiver's receive overhead
     * and the message itself (costs selected for its length).
     */
    private void observe(int source, int destination, int tag, MessageCosts costs, long sendStart, long departure,
                         long arrival, long receiveStart) {
        if (!observed) {
            return;
        }
        long receiveEnd = receiveStart + costs.receive();
        charged(Charge.send(source, sendStart, sendStart + costs.send(), destination, tag, costs.bytes()));
        charged(Charge.receive(destination, receiveStart, receiveEnd, source, tag, costs.bytes()));
        observer.messageReceived(new MessageRecord(nextSequence++, source, destination, tag, costs.bytes(), sendStart,
                departure, arrival, receiveStart, receiveEnd, costs.synchronous()));
    }

    /** The kernel reports no zero-length charge; neither does the simulator. */
    private void charged(Charge charge) {
        if (charge.durationNanos() > 0) {
            observer.charged(charge);
        }
    }

    /** Per-rank state, indexed by rank, shared by the groups (each uses its own ranks). */
    private static final class Ranks {
        final long[] clock;
        /** The reach of each slave's oldest result in flight: its key in the master's ResultQueue. */
        final long[] resultReach;
        /** When each slave started sending its latest result (its request for the next task). */
        final long[] requestedAt;
        final InFlightResults inFlight;
        final NetworkInterface[] outgoing;
        final NetworkInterface[] incoming;

        Ranks(int processes, int prefetch) {
            clock = new long[processes];
            resultReach = new long[processes];
            requestedAt = filled(processes);
            inFlight = new InFlightResults(processes, prefetch);
            outgoing = interfaces(processes);
            incoming = interfaces(processes);
        }

        private static NetworkInterface[] interfaces(int n) {
            NetworkInterface[] a = new NetworkInterface[n];
            java.util.Arrays.setAll(a, i -> new NetworkInterface());
            return a;
        }

        private static long[] filled(int n) {
            long[] a = new long[n];
            java.util.Arrays.fill(a, Long.MIN_VALUE);
            return a;
        }
    }

    /** One master serving tasks [from, to) to ranks (master, end), as Master.serve and Slave.serve do it. */
    private final class GroupRun {
        private final Ranks r;
        private final int master;
        private final NetworkInterface masterIn;
        private final NetworkInterface masterOut;
        private final int end;
        private final LatencyHistograms latency;
        private final MessageCosts taskCosts = new MessageCosts(network);
        private final MessageCosts resultCosts = new MessageCosts(network);
        private final MessageCosts stopCosts = new MessageCosts(network).of(0);
        private final MessageCosts exportCosts = new MessageCosts(network);
        private final ResultQueue queue;
        long clock;
        long sendNanos;
        long receiveNanos;
        long idleNanos;
        long computeNanos;
        long masterComputeNanos;
        long messages;
        long latestSlaveClock;
        private long runOverhead = -1;
        private long runLength;

        GroupRun(Ranks ranks, int master, int end, LatencyHistograms latency) {
            this.r = ranks;
            this.master = master;
            this.masterIn = ranks.incoming[master];
            this.masterOut = ranks.outgoing[master];
            this.end = end;
            this.latency = latency;
            this.queue = new ResultQueue(end - master, ranks.resultReach);
        }

        void serve(long[] costs, long[] masterCosts, int from, int to, GatherExports exports) {
            int next = from;
            for (int round = 0; round < prefetch; round++) {
                for (int slave = master + 1; slave < end; slave++) {
                    if (next < to) {
                        assign(slave, next++, costs);
                        if (round == 0) {
                            r.resultReach[slave] = r.inFlight.oldestReach(slave);
                            queue.offer(slave);
                        }
                    } else if (round == 0) {
                        stop(slave);
                    }
                }
            }
            while (!queue.isEmpty()) {
                int slave = queue.peek();
                exports.passBefore(r.resultReach[slave], slave, masterIn, exportCosts);
                receiveResult(slave);
                int task = r.inFlight.oldestTask(slave);
                r.inFlight.removeOldest(slave);
                handleResult(masterCosts[task]);
                if (next < to) {
                    assign(slave, next++, costs);
                } else if (r.inFlight.isEmpty(slave)) {
                    stop(slave);
                }
                if (r.inFlight.isEmpty(slave)) {
                    queue.poll();
                } else {
                    r.resultReach[slave] = r.inFlight.oldestReach(slave);
                    queue.requeueHead();
                }
            }
            exports.passAll(masterIn, exportCosts);
        }

        /** The slave's oldest result passes the master's interface; recv(ANY_SOURCE, TAG_RESULT) takes it: max(clock, a) + o_r. */
        private void receiveResult(int slave) {
            resultCosts.of(r.inFlight.oldestBytes(slave));
            long arrival = masterIn.pass(r.resultReach[slave], resultCosts.occupancy(), resultCosts.transfer());
            long start = MessageTiming.receiveStart(clock, arrival);
            idleNanos += start - clock;
            clock = start + resultCosts.receive();
            receiveNanos += resultCosts.receive();
            if (recordLatency) {
                latency.queueWaitNanos().recordValue(start - arrival);
                countOverhead(resultCosts.receive());
            }
            observe(slave, master, FarmTags.RESULT, resultCosts, r.inFlight.oldestSendStart(slave),
                    r.resultReach[slave] - resultCosts.latency(), arrival, start);
            if (resultCosts.synchronous() && start > r.clock[slave]) {
                // the slave's MPI_Ssend returns when the master starts receiving (K = 1 only: checkEagerResults)
                r.clock[slave] = start;
            }
            messages++;
        }

        /** The master's own work on the result it received (collect, describe the next task): its measured CPU. */
        private void handleResult(long hostNanos) {
            long charge = cpu.chargeNanos(hostNanos);
            if (charge > 0) {
                if (observed) {
                    charged(Charge.compute(master, clock, clock + charge, Charge.NONE));
                }
                clock += charge;
                masterComputeNanos += charge;
            }
        }

        /** The master sends task t; the slave receives it (after its earlier tasks), computes it and sends its result. */
        private void assign(int slave, int task, long[] costs) {
            taskCosts.of(shape.taskBytes(task));
            long receiveEnd = deliver(slave, taskCosts, FarmTags.TASK);
            long charge = cpu.chargeNanos(costs[task]);
            computeNanos += charge;
            long sendStart = receiveEnd + charge;
            int bytes = shape.resultBytes(task);
            resultCosts.of(bytes);
            long ready = sendStart + resultCosts.send();
            r.requestedAt[slave] = sendStart;
            r.clock[slave] = ready;
            r.inFlight.add(slave, task, bytes, sendStart, r.outgoing[slave].leave(ready, resultCosts.occupancy()) + resultCosts.latency());
            if (observed) {
                charged(Charge.compute(slave, receiveEnd, sendStart, task));
            }
        }

        private void stop(int slave) {
            long receiveEnd = deliver(slave, stopCosts, FarmTags.STOP);
            latestSlaveClock = Math.max(latestSlaveClock, receiveEnd);
        }

        /**
         * Master sends (o_s, then its outgoing interface, L); only the master sends to the slave, so the message
         * passes the slave's incoming interface at once; the waiting slave receives: max(clock, a) + o_r.
         */
        private long deliver(int slave, MessageCosts costs, int tag) {
            long sendStart = clock;
            clock += costs.send();
            sendNanos += costs.send();
            long departure = masterOut.leave(clock, costs.occupancy());
            long arrival = r.incoming[slave].pass(departure + costs.latency(), costs.occupancy(), costs.transfer());
            long start = MessageTiming.receiveStart(r.clock[slave], arrival);
            long receiveEnd = start + costs.receive();
            if (costs.synchronous() && start > clock) {
                idleNanos += start - clock;
                clock = start;
            }
            if (recordLatency && r.requestedAt[slave] != Long.MIN_VALUE) {
                latency.slaveWaitNanos().recordValue(receiveEnd - r.requestedAt[slave]);
            }
            r.clock[slave] = receiveEnd;
            messages++;
            observe(master, slave, tag, costs, sendStart, departure, arrival, start);
            return receiveEnd;
        }

        /** o_r is the same for almost every result, so it is counted in runs, not recorded one by one. */
        private void countOverhead(long overhead) {
            if (overhead != runOverhead) {
                flushOverheads();
                runOverhead = overhead;
            }
            runLength++;
        }

        void flushOverheads() {
            if (runLength > 0) {
                latency.receiveOverheadNanos().recordValueWithCount(runOverhead, runLength);
                runLength = 0;
            }
        }

        RankAccount account() {
            return new RankAccount(master, sendNanos, receiveNanos, masterComputeNanos, idleNanos, clock, true, masterIn.busyNanos());
        }
    }
}
