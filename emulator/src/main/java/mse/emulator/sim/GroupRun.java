package mse.emulator.sim;

import mse.emulator.kernel.Charge;
import mse.emulator.kernel.RankAccount;
import mse.emulator.model.MessageTiming;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.LatencyHistograms;

/** One master serving tasks [from, to) to ranks (master, end), as Master.serve and Slave.serve do it. */
final class GroupRun {

    /** What every group of one simulated run shares: the target's costs, the program's shape, K and the reports. */
    record Setup(NetworkModel network, TargetCpu cpu, FarmShape shape, int prefetch, boolean recordLatency,
                 FarmTimeline timeline, AnalysisFeed analysis) {}

    private final NetworkModel network;
    private final TargetCpu cpu;
    private final FarmShape shape;
    private final int prefetch;
    private final boolean recordLatency;
    private final FarmTimeline timeline;
    private final AnalysisFeed analysis;
    private final FarmRanks r;
    private final int master;
    private final NetworkInterface masterIn;
    private final NetworkInterface masterOut;
    private final int end;
    private final LatencyHistograms latency;
    private final MessageCosts taskCosts;
    private final MessageCosts resultCosts;
    private final MessageCosts stopCosts;
    private final MessageCosts exportCosts;
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

    GroupRun(Setup setup, FarmRanks ranks, int master, int end, LatencyHistograms latency) {
        this.network = setup.network();
        this.cpu = setup.cpu();
        this.shape = setup.shape();
        this.prefetch = setup.prefetch();
        this.recordLatency = setup.recordLatency();
        this.timeline = setup.timeline();
        this.analysis = setup.analysis();
        this.taskCosts = new MessageCosts(network);
        this.resultCosts = new MessageCosts(network);
        this.stopCosts = new MessageCosts(network).of(0);
        this.exportCosts = new MessageCosts(network);
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
        if (analysis.isOn()) {
            analysis.received(slave, master, r.inFlight.oldestTask(slave), FarmTags.RESULT, resultCosts,
                    r.inFlight.oldestSendStart(slave), r.resultReach[slave] - resultCosts.latency(), arrival, clock, start);
        }
        idleNanos += start - clock;
        clock = start + resultCosts.receive();
        receiveNanos += resultCosts.receive();
        if (recordLatency) {
            latency.queueWaitNanos().recordValue(start - arrival);
            countOverhead(resultCosts.receive());
        }
        timeline.observe(slave, master, FarmTags.RESULT, resultCosts, r.inFlight.oldestSendStart(slave),
                r.resultReach[slave] - resultCosts.latency(), arrival, start);
        if (resultCosts.synchronous() && start > r.clock[slave]) {
            // the slave's MPI_Ssend returns when the master starts receiving (K = 1 only: checkEagerResults)
            if (analysis.isOn()) {
                analysis.released(slave, r.inFlight.oldestTask(slave), r.clock[slave], start);
            }
            r.clock[slave] = start;
        }
        messages++;
    }

    /** The master's own work on the result it received (collect, describe the next task): its measured CPU. */
    private void handleResult(long hostNanos) {
        long charge = cpu.chargeNanos(hostNanos);
        if (charge > 0) {
            if (timeline.isObserved()) {
                timeline.charged(Charge.compute(master, clock, clock + charge, Charge.NONE));
            }
            if (analysis.isOn()) {
                analysis.charge(Charge.compute(master, clock, clock + charge, Charge.NONE));
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
        if (timeline.isObserved()) {
            timeline.charged(Charge.compute(slave, receiveEnd, sendStart, task));
        }
        if (analysis.isOn()) {
            analysis.charge(Charge.compute(slave, receiveEnd, sendStart, task));
            analysis.sent(slave, master, task, FarmTags.RESULT, resultCosts, sendStart);
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
        long id = analysis.isOn() ? analysis.nextId() : 0;
        if (analysis.isOn()) {
            analysis.sent(master, slave, id, tag, costs, sendStart);
        }
        long departure = masterOut.leave(clock, costs.occupancy());
        long arrival = r.incoming[slave].pass(departure + costs.latency(), costs.occupancy(), costs.transfer());
        long start = MessageTiming.receiveStart(r.clock[slave], arrival);
        long receiveEnd = start + costs.receive();
        if (analysis.isOn()) {
            analysis.received(master, slave, id, tag, costs, sendStart, departure, arrival, r.clock[slave], start);
            if (costs.synchronous()) {
                analysis.released(master, id, clock, start);
            }
        }
        if (costs.synchronous() && start > clock) {
            idleNanos += start - clock;
            clock = start;
        }
        if (recordLatency && r.requestedAt[slave] != Long.MIN_VALUE) {
            latency.slaveWaitNanos().recordValue(receiveEnd - r.requestedAt[slave]);
        }
        r.clock[slave] = receiveEnd;
        messages++;
        timeline.observe(master, slave, tag, costs, sendStart, departure, arrival, start);
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

    /** The master's outgoing interface, which its export to rank 0 leaves through (ML). */
    NetworkInterface outgoing() {
        return masterOut;
    }

    int master() {
        return master;
    }

    RankAccount account() {
        return new RankAccount(master, sendNanos, receiveNanos, masterComputeNanos, idleNanos, clock, true, masterIn.busyNanos());
    }
}
