package mse.emulator.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.RunOutcome;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.VirtualTimeKernel;
import mse.emulator.model.FarmLayout;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;

/**
 * The reference for {@link FarmSimulator}: the live {@link VirtualTimeKernel} fed exactly the facts the farm
 * program (mse.mpi.apps.farm Master, Slave, MultipleMasters, and RankMain's two wtime() calls) reports through
 * EmulatedComm with a deterministic task cost: no CPU outside tasks, a TaskDone per task, the real message
 * lengths. Slow (the kernel is general), but it is the live emulator's own arithmetic, so the fast simulator
 * is tested against it to the nanosecond. With --prefetch K it is Master.serve's prefetching farm: K rounds
 * of tasks at the start, one per result, a stop when a slave's last result is in.
 *
 * <p>{@link #askingAsTheKeeper} adds the questions the live keeper (mse.emulator.actors.VirtualTimeKeeper) puts to
 * the kernel beside the facts, so that `bench scale` can time the kernel's whole share of a live run: what each
 * granted receive takes next, and in real mode the lower bounds to ask the running ranks for after every fact.
 */
public final class KernelFarmReplay {

    static final int TAG_TASK = FarmTags.TASK;
    static final int TAG_RESULT = FarmTags.RESULT;
    static final int TAG_STOP = FarmTags.STOP;
    static final int TAG_GATHER = FarmTags.GATHER;

    private final VirtualTimeKernel kernel;
    private final FarmShape shape;
    private final FarmLayout layout;
    private final long[] hostCosts;
    private final int prefetch;
    private final List<Deque<RankFact>> outboxes = new ArrayList<>();
    /** The tasks sent to each slave that it has not yet received, in send order. */
    private final List<Deque<Integer>> sentTasks = new ArrayList<>();
    /** Tasks each slave holds: sent, result not yet received by its master. */
    private final int[] inFlight;
    private final int[] next;
    private final int[] outstanding;
    private long messages;
    /** Set by {@link #askingAsTheKeeper}; then the pattern of each rank's last blocking receive. */
    private boolean asKeeper;
    private final MessagePattern[] receiving;

    public KernelFarmReplay(NetworkModel network, TargetCpu cpu, FarmShape shape, int groups, long[] hostCosts) {
        this(network, cpu, shape, groups, hostCosts, KernelObserver.NONE);
    }

    /** The same, telling `observer` what the kernel charges and delivers (a timeline). */
    public KernelFarmReplay(NetworkModel network, TargetCpu cpu, FarmShape shape, int groups, long[] hostCosts,
                            KernelObserver observer) {
        this(network, cpu, shape, groups, 1, hostCosts, observer);
    }

    /** The farm whose masters keep `prefetch` tasks in flight per slave, telling `observer` what the kernel does. */
    public KernelFarmReplay(NetworkModel network, TargetCpu cpu, FarmShape shape, int groups, int prefetch, long[] hostCosts,
                            KernelObserver observer) {
        this.prefetch = prefetch;
        this.kernel = new VirtualTimeKernel(network, cpu, observer);
        this.shape = shape;
        this.layout = new FarmLayout(network.processes(), groups);
        this.hostCosts = hostCosts.clone();
        int p = network.processes();
        this.inFlight = new int[p];
        this.receiving = new MessagePattern[p];
        this.next = new int[groups];
        this.outstanding = new int[groups];
        for (int rank = 0; rank < p; rank++) {
            outboxes.add(new ArrayDeque<>());
            sentTasks.add(new ArrayDeque<>());
        }
    }

    /** Runs the farm to the end; the kernel's accounting, as the live emulator would report it. */
    public RunResult run() {
        for (int g = 0; g < layout.groups(); g++) {
            int master = layout.groupStart(g);
            next[g] = (int) layout.taskStart(g, hostCosts.length);
            outboxes.get(master).add(new RankFact.ClockQuery(master, 0));
            for (int slave = master + 1; slave < layout.groupStart(g + 1); slave++) {
                outboxes.get(slave).add(new RankFact.ClockQuery(slave, 0));
                outboxes.get(slave).add(new RankFact.Receive(slave, 0, master, RankFact.ANY, false));
            }
            for (int round = 0; round < prefetch; round++) {
                for (int slave = master + 1; slave < layout.groupStart(g + 1); slave++) {
                    if (round == 0 || hasTask(g)) {
                        assignOrStop(g, slave);
                    }
                }
            }
            afterServing(g);
        }
        boolean progressed = true;
        while (progressed) {
            progressed = false;
            for (int rank = 0; rank < outboxes.size(); rank++) {
                Deque<RankFact> outbox = outboxes.get(rank);
                while (!outbox.isEmpty()) {
                    progressed = true;
                    accept(outbox.poll());
                }
            }
        }
        if (!(kernel.outcome() instanceof RunOutcome.Completed)) {
            throw new IllegalStateException("kernel replay did not complete: " + kernel.outcome().reason());
        }
        return kernel.result();
    }

    /**
     * Asks the kernel what the live keeper asks besides the facts: after each fact the progress requests (real mode
     * asks them), after each grant what the rank's next receive for the same pattern takes (the keeper's Grant.Next).
     * The answers change nothing; the replay's result is the same.
     */
    public KernelFarmReplay askingAsTheKeeper() {
        this.asKeeper = true;
        return this;
    }

    /** Messages received in the replay. */
    public long messages() {
        return messages;
    }

    private void accept(RankFact fact) {
        if (asKeeper && fact instanceof RankFact.Receive receive) {
            receiving[receive.rank()] = new MessagePattern(receive.source(), receive.tag());
        }
        List<EmulatorReply> replies = kernel.accept(fact);
        if (asKeeper) {
            kernel.progressRequests();
            for (EmulatorReply reply : replies) {
                if (reply instanceof EmulatorReply.Grant grant) {
                    kernel.decidedMatch(grant.rank(), receiving[grant.rank()]);
                }
            }
        }
        replies.forEach(this::react);
    }

    private void react(EmulatorReply reply) {
        if (reply instanceof EmulatorReply.Abort abort) {
            throw new IllegalStateException("kernel replay aborted: " + abort.reason());
        }
        if (!(reply instanceof EmulatorReply.Grant grant)) {
            return;
        }
        messages++;
        int rank = grant.rank();
        Deque<RankFact> outbox = outboxes.get(rank);
        if (grant.tag() == TAG_RESULT) {
            int g = groupOfMaster(rank);
            outstanding[g]--;
            inFlight[grant.source()]--;
            if (hasTask(g) || inFlight[grant.source()] == 0) {
                assignOrStop(g, grant.source());
            }
            afterServing(g);
        } else if (grant.tag() == TAG_TASK) {
            int task = sentTasks.get(rank).poll();
            outbox.add(new RankFact.TaskDone(rank, hostCosts[task], task, hostCosts[task]));
            outbox.add(new RankFact.Sent(rank, 0, grant.source(), TAG_RESULT, shape.resultBytes(task)));
            outbox.add(new RankFact.Receive(rank, 0, grant.source(), RankFact.ANY, false));
        } else if (grant.tag() == TAG_STOP) {
            finish(rank);
        } else if (grant.tag() == TAG_GATHER && grant.source() == layout.groupStart(layout.groups() - 1)) {
            finish(rank);
        }
    }

    /** Master.serve: the next task of group g to this slave, or a stop when none is left. */
    private void assignOrStop(int g, int slave) {
        int master = layout.groupStart(g);
        if (hasTask(g)) {
            int task = next[g]++;
            sentTasks.get(slave).add(task);
            inFlight[slave]++;
            outstanding[g]++;
            outboxes.get(master).add(new RankFact.Sent(master, 0, slave, TAG_TASK, shape.taskBytes(task)));
        } else {
            outboxes.get(master).add(new RankFact.Sent(master, 0, slave, TAG_STOP, 0));
        }
    }

    private boolean hasTask(int g) {
        return next[g] < layout.taskStart(g + 1, hostCosts.length);
    }

    /** The master's next step: wait for a result, or (all in) gather / send its export / finish. */
    private void afterServing(int g) {
        int master = layout.groupStart(g);
        Deque<RankFact> outbox = outboxes.get(master);
        if (outstanding[g] > 0) {
            outbox.add(new RankFact.Receive(master, 0, RankFact.ANY, TAG_RESULT, true));
        } else if (layout.groups() > 1 && g == 0) {
            for (int other = 1; other < layout.groups(); other++) {
                outbox.add(new RankFact.Receive(master, 0, layout.groupStart(other), TAG_GATHER, false));
            }
        } else {
            if (g > 0) {
                int bytes = shape.gatherBytes((int) layout.taskStart(g, hostCosts.length), (int) layout.taskStart(g + 1, hostCosts.length));
                outbox.add(new RankFact.Sent(master, 0, 0, TAG_GATHER, bytes));
            }
            finish(master);
        }
    }

    private void finish(int rank) {
        outboxes.get(rank).add(new RankFact.ClockQuery(rank, 0));
        outboxes.get(rank).add(new RankFact.Finished(rank, 0));
    }

    private int groupOfMaster(int rank) {
        for (int g = 0; g < layout.groups(); g++) {
            if (layout.groupStart(g) == rank) {
                return g;
            }
        }
        throw new IllegalStateException("rank " + rank + " is no master");
    }
}
