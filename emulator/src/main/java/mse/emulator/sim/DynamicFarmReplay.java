package mse.emulator.sim;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import mse.emulator.dynamic.DynamicMasterState.MergeOrder;
import mse.emulator.dynamic.DynamicMasterState.Reply;
import mse.emulator.dynamic.DynamicMasterState;
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
 * DY (seed 001 (001_cb00b78257109af6.txt) section 3.2) simulated from each task's cost: the program of
 * mse.mpi.apps.farm DynamicMaster and DynamicSlave (and RankMain's two wtime() calls), step for step, as the
 * facts EmulatedComm would report with a deterministic task cost, fed to the live {@link VirtualTimeKernel}.
 * Every decision is {@link DynamicMasterState}'s, the one the program makes, and every message length is the
 * program's ({@link DynamicShape}); the kernel does all the timing, so this agrees with `emulate` to the
 * nanosecond by construction and follows any change of the kernel's cost rules. DY has more choice points
 * than SI (every master's ANY_SOURCE receive, wait-driven splits and merges), which is why it runs on the
 * general kernel rather than {@link FarmSimulator}'s specialised loop.
 *
 * <p>Its masters' measures are the live emulator's too: every rank that acts as a master (from its first
 * ANY_SOURCE receive) has its breakdown in {@link SimulatedRun#masters()} and its queue in the combined latency.
 *
 * <p>Each rank is a state machine that reports facts until it must wait for an answer (a receive or its
 * clock); the kernel's grants then drive it on. The kernel's result does not depend on how the ranks' facts
 * interleave, only on each rank's own sequence.
 */
public final class DynamicFarmReplay {

    private final VirtualTimeKernel kernel;
    private final DynamicShape shape;
    private final DynamicSettings settings;
    private final long[] hostCosts;
    private final int prefetch;
    private final int np;
    private final DynamicRank[] ranks;
    private final Deque<EmulatorReply.Grant> grants = new ArrayDeque<>();
    private final MasterQueueMeasures queues = new MasterQueueMeasures();
    private KernelObserver observer = KernelObserver.NONE;
    private long messages;
    private List<MasterEvent> log = List.of();

    /** The simulated run and rank 0's log of splits and merges (masters.csv). */
    public record DynamicRun(SimulatedRun run, List<MasterEvent> events) {}

    public DynamicFarmReplay(NetworkModel network, TargetCpu cpu, DynamicShape shape, DynamicSettings settings, long[] hostCosts) {
        this(network, cpu, shape, settings, 1, hostCosts);
    }

    /** DY whose masters keep `prefetch` tasks in flight per slave (DynamicMasterState, DynamicMaster). */
    public DynamicFarmReplay(NetworkModel network, TargetCpu cpu, DynamicShape shape, DynamicSettings settings, int prefetch,
                             long[] hostCosts) {
        this.prefetch = prefetch;
        this.np = network.processes();
        if (np < 2) {
            throw new IllegalArgumentException("DY needs at least 2 ranks, got " + np);
        }
        this.kernel = new VirtualTimeKernel(network, cpu, new KernelObserver() {
            @Override
            public void messageReceived(MessageRecord message) {
                queues.deliver(message);
                observer.messageReceived(message);
            }

            @Override
            public void taskDone(TaskRecord task) {
                observer.taskDone(task);
            }

            @Override
            public void charged(Charge charge) {
                observer.charged(charge);
            }
        });
        this.shape = shape;
        this.settings = settings;
        this.hostCosts = hostCosts.clone();
        this.ranks = new DynamicRank[np];
        for (int r = 0; r < np; r++) {
            ranks[r] = new DynamicRank();
        }
    }

    /** Reports every charge and delivered message of the run to `observer` (a timeline), as the live kernel does. */
    public DynamicFarmReplay observedBy(KernelObserver observer) {
        this.observer = observer;
        return this;
    }

    /** Runs the program to the end; the prediction as `emulate` would report it. */
    public DynamicRun run() {
        queues.ensureQueue(0); // DynamicMasters.masters(np): rank 0 is a master from the start
        for (int r = 1; r < np; r++) {
            clock(r); // RankMain's start
            fact(new RankFact.Receive(r, 0, 0, RankFact.ANY, false));
        }
        clock(0);
        DynamicMasterState root = DynamicMasterState.root(settings, np, hostCosts.length, prefetch, () -> seconds(0));
        ranks[0].state = root;
        for (int slave = 1; slave < np; slave++) {
            send(0, root.first(slave), slave);
        }
        for (int round = 1; round < prefetch; round++) {
            for (int slave = 1; slave < np; slave++) {
                Reply more = root.prefetched(slave);
                if (more != null) {
                    send(0, more, slave);
                }
            }
        }
        serveOrLeave(0);
        while (!grants.isEmpty()) {
            EmulatorReply.Grant grant = grants.poll();
            messages++;
            if (ranks[grant.rank()].state != null) {
                masterReceived(grant.rank(), grant.source(), grant.tag());
            } else {
                slaveReceived(grant.rank(), grant.source(), grant.tag());
            }
        }
        if (!(kernel.outcome() instanceof RunOutcome.Completed)) {
            throw new IllegalStateException("DY simulation did not complete: " + kernel.outcome().reason());
        }
        RunResult result = kernel.result();
        long sequential = result.ranks().stream().mapToLong(RankAccount::computeNanos).sum();
        LatencyHistograms latency = queues.finish();
        List<RankAccount> masters = queues.masters(result);
        return new DynamicRun(new SimulatedRun(result.predictedNanos(), sequential, masters, latency, messages), log);
    }

    /** DynamicMaster.loop's body after recv(ANY_SOURCE, ANY_TAG) (or the MERGE_RESULTS receive) returned. */
    private void masterReceived(int rank, int source, int tag) {
        DynamicRank master = ranks[rank];
        switch (tag) {
            case FarmTags.RESULT -> master.state.observe(source, ranks[source].reportedWaits.poll());
            case FarmTags.JOIN -> {
                // a redirected slave only wants work
            }
            case FarmTags.MERGE -> {
                fact(new RankFact.Receive(rank, 0, source, FarmTags.MERGE_RESULTS, false));
                return;
            }
            case FarmTags.MERGE_RESULTS -> {
                MergeOrder merge = ranks[source].merging;
                master.state.absorb(merge.returnedSlaves(), merge.unassigned(), merge.events());
            }
            default -> throw new IllegalStateException("DY master " + rank + ": unexpected tag " + tag + " from " + source);
        }
        send(rank, master.state.reply(source), source);
        for (Reply more = master.state.prefetched(source); more != null; more = master.state.prefetched(source)) {
            send(rank, more, source);
        }
        serveOrLeave(rank);
    }

    /** DynamicSlave.serve's body after recv(master, ANY_TAG) returned. */
    private void slaveReceived(int rank, int source, int tag) {
        DynamicRank slave = ranks[rank];
        switch (tag) {
            case FarmTags.TASK -> {
                slave.reportedWaits.add(Double.isNaN(slave.askedAt) ? -1 : DynamicMasterState.waitNanos(slave.askedAt, seconds(rank)));
                int task = slave.tasks.poll();
                long cost = hostCosts[task];
                fact(new RankFact.TaskDone(rank, cost, task, cost));
                fact(new RankFact.Sent(rank, 0, slave.master, FarmTags.RESULT, shape.resultBytes(task)));
                slave.askedAt = seconds(rank);
            }
            case FarmTags.STOP -> {
                finish(rank);
                return;
            }
            case FarmTags.REDIRECT -> {
                slave.master = slave.redirectTo;
                fact(new RankFact.Sent(rank, 0, slave.master, FarmTags.JOIN, shape.joinBytes()));
            }
            case FarmTags.BECOME_MASTER -> {
                slave.state = DynamicMasterState.secondary(settings, np, rank, slave.order, prefetch, () -> seconds(rank));
                serveOrLeave(rank);
                return;
            }
            default -> throw new IllegalStateException("DY slave " + rank + ": unexpected tag " + tag + " from " + source);
        }
        fact(new RankFact.Receive(rank, 0, slave.master, RankFact.ANY, false));
    }

    /** A master goes on receiving while it serves; then rank 0 ends and a secondary merges back and is a slave again. */
    private void serveOrLeave(int rank) {
        DynamicRank master = ranks[rank];
        if (master.state.serving()) {
            fact(new RankFact.Receive(rank, 0, RankFact.ANY, RankFact.ANY, true));
        } else if (rank == 0) {
            if (master.state.unassigned() > 0) {
                throw new IllegalStateException("DY: rank 0 ran out of slaves with " + master.state.unassigned() + " tasks unassigned");
            }
            log = master.state.log();
            finish(0);
        } else {
            MergeOrder merge = master.state.mergeBack();
            int parent = master.order.parent();
            master.merging = merge;
            fact(new RankFact.Sent(rank, 0, parent, FarmTags.MERGE, shape.mergeBytes(merge)));
            fact(new RankFact.Sent(rank, 0, parent, FarmTags.MERGE_RESULTS, shape.mergeResultsBytes(merge)));
            master.askedAt = seconds(rank);
            master.state = null;
            master.master = parent;
            fact(new RankFact.Receive(rank, 0, parent, RankFact.ANY, false));
        }
    }

    /** DynamicMaster's reply as the message the program sends (none for a hold). */
    private void send(int rank, Reply reply, int to) {
        DynamicRank slave = ranks[to];
        if (reply instanceof Reply.Hold) {
            return;
        }
        int tag;
        int bytes;
        if (reply instanceof Reply.Assign assign) {
            slave.tasks.add(assign.task());
            tag = FarmTags.TASK;
            bytes = shape.taskBytes(assign.task());
        } else if (reply instanceof Reply.Stop) {
            tag = FarmTags.STOP;
            bytes = shape.stopBytes();
        } else if (reply instanceof Reply.Redirect redirect) {
            slave.redirectTo = redirect.master();
            tag = FarmTags.REDIRECT;
            bytes = shape.redirectBytes();
        } else {
            Reply.BecomeMaster order = (Reply.BecomeMaster) reply;
            slave.order = order;
            tag = FarmTags.BECOME_MASTER;
            bytes = shape.becomeMasterBytes(order);
        }
        fact(new RankFact.Sent(rank, 0, to, tag, bytes));
    }

    /** RankMain's closing wtime() and the end of the rank. */
    private void finish(int rank) {
        clock(rank);
        fact(new RankFact.Finished(rank, 0));
    }

    /** Comm.wtime() under emulation: the kernel's clock in seconds, as EmulatedComm converts it. */
    private double seconds(int rank) {
        return clock(rank) / 1e9;
    }

    private long clock(int rank) {
        ranks[rank].clock = -1;
        fact(new RankFact.ClockQuery(rank, 0));
        if (ranks[rank].clock < 0) {
            throw new IllegalStateException("DY simulation: no clock for running rank " + rank);
        }
        return ranks[rank].clock;
    }

    private void fact(RankFact fact) {
        if (fact instanceof RankFact.Receive receive && receive.source() == RankFact.ANY) {
            queues.ensureQueue(receive.rank());
        }
        for (EmulatorReply reply : kernel.accept(fact)) {
            if (reply instanceof EmulatorReply.Grant grant) {
                grants.add(grant);
            } else if (reply instanceof EmulatorReply.Clock clock) {
                ranks[clock.rank()].clock = clock.virtualNanos();
            } else if (reply instanceof EmulatorReply.Abort abort) {
                throw new IllegalStateException("DY simulation aborted: " + abort.reason()
                        + " (ranks " + kernel.progressRequests().stream().map(EmulatorReply.ProgressRequest::rank).toList() + ")");
            }
        }
    }
}
