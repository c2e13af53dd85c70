package mse.emulator.sim;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import mse.emulator.analysis.RunAnalysis;
import mse.emulator.kernel.Blocking;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.RunOutcome;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.TaskRecord;
import mse.emulator.kernel.VirtualTimeKernel;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.LatencyHistograms;

/**
 * DY (seed 001 (001_cb00b78257109af6.txt) section 3.2) simulated from each task's cost on the live
 * {@link VirtualTimeKernel}: {@link DynamicProgram}'s calls as the facts EmulatedComm would report with a
 * deterministic task cost. The kernel does all the timing, so this agrees with `emulate` to the nanosecond by
 * construction and follows any change of the kernel's cost rules; {@link DynamicFarmSimulator} runs the same program
 * some ten times faster on an event loop of its own, and the tests hold the two to the same nanosecond. This one is
 * what the fast path uses where that loop does not apply: zero lookahead (o_s = L = 0).
 *
 * <p>Its masters' measures are the live emulator's too: every rank that acts as a master (from its first
 * ANY_SOURCE receive) has its breakdown in {@link SimulatedRun#masters()} and its queue in the combined latency.
 * The kernel's result does not depend on how the ranks' facts interleave, only on each rank's own sequence.
 */
public final class DynamicFarmReplay implements DynamicProgram.Transport {

    private final NetworkModel network;
    private final VirtualTimeKernel kernel;
    private final DynamicProgram program;
    private final long[] clocks;
    private final Deque<EmulatorReply.Grant> grants = new ArrayDeque<>();
    private final MasterQueueMeasures queues;
    private KernelObserver observer = KernelObserver.NONE;
    /** Told the kernel's reports (its sends and blocks too) when the run is analysed; null otherwise. */
    private RunAnalysis analysis;
    private long messages;

    /** The simulated run and rank 0's log of splits and merges (masters.csv). */
    public record DynamicRun(SimulatedRun run, List<MasterEvent> events) {}

    public DynamicFarmReplay(NetworkModel network, TargetCpu cpu, DynamicShape shape, DynamicSettings settings, long[] hostCosts) {
        this(network, cpu, shape, settings, 1, hostCosts);
    }

    /** DY whose masters keep `prefetch` tasks in flight per slave (DynamicMasterState, DynamicMaster), spending nothing per result. */
    public DynamicFarmReplay(NetworkModel network, TargetCpu cpu, DynamicShape shape, DynamicSettings settings, int prefetch,
                             long[] hostCosts) {
        this(network, cpu, shape, settings, prefetch, hostCosts, new long[hostCosts.length]);
    }

    /** The same, each master spending masterCosts[t] of host CPU on task t's result (the kernel charges it as computation). */
    public DynamicFarmReplay(NetworkModel network, TargetCpu cpu, DynamicShape shape, DynamicSettings settings, int prefetch,
                             long[] hostCosts, long[] masterCosts) {
        this.network = network;
        this.program = new DynamicProgram(this, network.processes(), shape, settings, prefetch, hostCosts, masterCosts);
        this.clocks = new long[network.processes()];
        this.queues = new MasterQueueMeasures(network.processes());
        this.kernel = new VirtualTimeKernel(network, cpu, new KernelObserver() {
            @Override
            public void messageReceived(MessageRecord message) {
                queues.deliver(message);
                observer.messageReceived(message);
                if (analysis != null) {
                    analysis.messageReceived(message);
                }
            }

            @Override
            public void taskDone(TaskRecord task) {
                observer.taskDone(task);
            }

            @Override
            public void charged(Charge charge) {
                observer.charged(charge);
                if (analysis != null) {
                    analysis.charged(charge);
                }
            }

            @Override
            public void sent(long sequence, int source, int tag, int context, int bytes, long sendNanos) {
                if (analysis != null) {
                    analysis.sent(sequence, source, tag, context, bytes, sendNanos);
                }
            }

            @Override
            public void blocked(Blocking blocking) {
                if (analysis != null) {
                    analysis.blocked(blocking);
                }
            }
        });
    }

    /** Reports every charge and delivered message of the run to `observer` (a timeline), as the live kernel does. */
    public DynamicFarmReplay observedBy(KernelObserver observer) {
        this.observer = observer;
        return this;
    }

    /** Analyses the run as `emulate` does DY's (rank 0 the master): its wait states and critical path ({@link SimulatedRun#bounds}). */
    public DynamicFarmReplay analysed() {
        return analysed(false);
    }

    /** The same, keeping the critical path's stretches ({@link mse.emulator.analysis.RunBounds#criticalStretches}) when asked. */
    public DynamicFarmReplay analysed(boolean keepsStretches) {
        analysis = new RunAnalysis(network, List.of(0), keepsStretches);
        return this;
    }

    /** Runs the program to the end; the prediction as `emulate` would report it. */
    public DynamicRun run() {
        queues.ensureQueue(0); // DynamicMasters.masters(np): rank 0 is a master from the start
        program.start();
        while (!grants.isEmpty()) {
            EmulatorReply.Grant grant = grants.poll();
            messages++;
            program.received(grant.rank(), grant.source(), grant.tag());
        }
        if (!(kernel.outcome() instanceof RunOutcome.Completed)) {
            throw new IllegalStateException("DY simulation did not complete: " + kernel.outcome().reason());
        }
        RunResult result = kernel.result();
        long sequential = result.ranks().stream().mapToLong(RankAccount::computeNanos).sum();
        LatencyHistograms latency = queues.finish();
        return new DynamicRun(new SimulatedRun(result.predictedNanos(), sequential, queues.masters(result), latency, messages,
                analysis == null ? null : analysis.bounds(result)), program.log());
    }

    @Override
    public long clock(int rank) {
        clocks[rank] = -1;
        fact(new RankFact.ClockQuery(rank, 0));
        if (clocks[rank] < 0) {
            throw new IllegalStateException("DY simulation: no clock for running rank " + rank);
        }
        return clocks[rank];
    }

    @Override
    public void send(int rank, int to, int tag, int bytes) {
        fact(new RankFact.Sent(rank, 0, to, tag, bytes));
    }

    @Override
    public void receive(int rank, int source, int tag) {
        if (source == RankFact.ANY) {
            queues.ensureQueue(rank);
        }
        fact(new RankFact.Receive(rank, 0, source, tag, source == RankFact.ANY));
    }

    @Override
    public void taskDone(int rank, int task, long hostNanos) {
        fact(new RankFact.TaskDone(rank, hostNanos, task, hostNanos));
    }

    /** The CPU the live master reports with its next fact after the result's receive: a computation of its own. */
    @Override
    public void resultHandled(int rank, long hostNanos) {
        fact(new RankFact.Computed(rank, hostNanos));
    }

    @Override
    public void finish(int rank) {
        fact(new RankFact.Finished(rank, 0));
    }

    private void fact(RankFact fact) {
        for (EmulatorReply reply : kernel.accept(fact)) {
            if (reply instanceof EmulatorReply.Grant grant) {
                grants.add(grant);
            } else if (reply instanceof EmulatorReply.Clock clock) {
                clocks[clock.rank()] = clock.virtualNanos();
            } else if (reply instanceof EmulatorReply.Abort abort) {
                throw new IllegalStateException("DY simulation aborted: " + abort.reason()
                        + " (ranks " + kernel.progressRequests().stream().map(EmulatorReply.ProgressRequest::rank).toList() + ")");
            }
        }
    }
}
