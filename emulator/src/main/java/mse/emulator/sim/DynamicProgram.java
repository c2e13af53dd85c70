package mse.emulator.sim;

import java.util.List;
import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.DynamicMasterState.MergeOrder;
import mse.emulator.dynamic.DynamicMasterState.Reply;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.kernel.RankFact;

/**
 * DY's program (seed 001 (001_cb00b78257109af6.txt) section 3.2): mse.mpi.apps.farm DynamicMaster and DynamicSlave,
 * and RankMain's two wtime() calls, step for step as the MPI calls they make, for the two simulations that run it:
 * {@link DynamicFarmReplay} on the live kernel and {@link DynamicFarmSimulator}'s own event loop. Every decision is
 * {@link DynamicMasterState}'s, the one the program makes, and every message length is the program's
 * ({@link DynamicShape}). Each rank is a state machine that makes calls until it waits in a receive; the transport
 * then hands it the message it took ({@link #received}).
 */
final class DynamicProgram {

    /** The MPI calls the program makes, as a simulation carries them out for rank `rank`. */
    interface Transport {
        /** Comm.wtime(): the rank's virtual clock in nanoseconds (the rank runs). */
        long clock(int rank);

        void send(int rank, int to, int tag, int bytes);

        /** A blocking receive from `source` (ANY) with `tag` (ANY); a rank that receives from ANY acts as a master. */
        void receive(int rank, int source, int tag);

        /** The rank computed `task`, costing `hostNanos` of host CPU. */
        void taskDone(int rank, int task, long hostNanos);

        /** The master rank's own work on a result it took (collect, the next task's description): `hostNanos` of host CPU. */
        void resultHandled(int rank, long hostNanos);

        void finish(int rank);
    }

    /** Receive's ANY_SOURCE and ANY_TAG. */
    static final int ANY = RankFact.ANY;

    private final Transport comm;
    private final DynamicShape shape;
    private final DynamicSettings settings;
    private final long[] hostCosts;
    private final long[] masterCosts;
    private final int prefetch;
    private final int np;
    private final DynamicRank[] ranks;
    private List<MasterEvent> log = List.of();

    /**
     * masterCosts[t]: the host CPU a master spends on task t's result, as partial execution measured it or a live
     * trace recorded it (masterCpuNanos), charged to whichever master takes the result.
     */
    DynamicProgram(Transport comm, int np, DynamicShape shape, DynamicSettings settings, int prefetch, long[] hostCosts,
                   long[] masterCosts) {
        if (np < 2) {
            throw new IllegalArgumentException("DY needs at least 2 ranks, got " + np);
        }
        if (masterCosts.length != hostCosts.length) {
            throw new IllegalArgumentException(hostCosts.length + " task costs but " + masterCosts.length + " master costs");
        }
        this.comm = comm;
        this.np = np;
        this.shape = shape;
        this.settings = settings;
        this.prefetch = prefetch;
        this.hostCosts = hostCosts.clone();
        this.masterCosts = masterCosts.clone();
        this.ranks = new DynamicRank[np];
        for (int r = 0; r < np; r++) {
            ranks[r] = new DynamicRank();
        }
    }

    /** Every rank's start: the slaves wait for their first message, rank 0 hands out the first tasks and serves. */
    void start() {
        for (int r = 1; r < np; r++) {
            comm.clock(r); // RankMain's start
            comm.receive(r, 0, ANY);
        }
        comm.clock(0);
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
    }

    /** The rank's receive returned the message from `source` with `tag`: it goes on to its next receive. */
    void received(int rank, int source, int tag) {
        if (ranks[rank].state != null) {
            masterReceived(rank, source, tag);
        } else {
            slaveReceived(rank, source, tag);
        }
    }

    /** Rank 0's log of splits and merges (masters.csv), once it ended. */
    List<MasterEvent> log() {
        return log;
    }

    /** DynamicMaster.loop's body after recv(ANY_SOURCE, ANY_TAG) (or the MERGE_RESULTS receive) returned. */
    private void masterReceived(int rank, int source, int tag) {
        DynamicRank master = ranks[rank];
        switch (tag) {
            case FarmTags.RESULT -> {
                // DynamicMaster.loop: the result is decoded and collected before the decision, all between two calls
                long work = masterCosts[(int) ranks[source].reportedTasks.pollFirst()];
                if (work > 0) { // none: no charge at all, the run as without master costs
                    comm.resultHandled(rank, work);
                }
                master.state.observe(source, ranks[source].reportedWaits.pollFirst());
            }
            case FarmTags.JOIN -> {
                // a redirected slave only wants work
            }
            case FarmTags.MERGE -> {
                comm.receive(rank, source, FarmTags.MERGE_RESULTS);
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
                slave.reportedWaits.addLast(Double.isNaN(slave.askedAt) ? -1 : DynamicMasterState.waitNanos(slave.askedAt, seconds(rank)));
                int task = (int) slave.tasks.pollFirst();
                comm.taskDone(rank, task, hostCosts[task]);
                slave.reportedTasks.addLast(task);
                comm.send(rank, slave.master, FarmTags.RESULT, shape.resultBytes(task));
                slave.askedAt = seconds(rank);
            }
            case FarmTags.STOP -> {
                finish(rank);
                return;
            }
            case FarmTags.REDIRECT -> {
                slave.master = slave.redirectTo;
                comm.send(rank, slave.master, FarmTags.JOIN, shape.joinBytes());
            }
            case FarmTags.BECOME_MASTER -> {
                slave.state = DynamicMasterState.secondary(settings, np, rank, slave.order, prefetch, () -> seconds(rank));
                serveOrLeave(rank);
                return;
            }
            default -> throw new IllegalStateException("DY slave " + rank + ": unexpected tag " + tag + " from " + source);
        }
        comm.receive(rank, slave.master, ANY);
    }

    /** A master goes on receiving while it serves; then rank 0 ends and a secondary merges back and is a slave again. */
    private void serveOrLeave(int rank) {
        DynamicRank master = ranks[rank];
        if (master.state.serving()) {
            comm.receive(rank, ANY, ANY);
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
            comm.send(rank, parent, FarmTags.MERGE, shape.mergeBytes(merge));
            comm.send(rank, parent, FarmTags.MERGE_RESULTS, shape.mergeResultsBytes(merge));
            master.askedAt = seconds(rank);
            master.state = null;
            master.master = parent;
            comm.receive(rank, parent, ANY);
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
            slave.tasks.addLast(assign.task());
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
        comm.send(rank, to, tag, bytes);
    }

    /** RankMain's closing wtime() and the end of the rank. */
    private void finish(int rank) {
        comm.clock(rank);
        comm.finish(rank);
    }

    /** Comm.wtime() under emulation: the clock in seconds, as EmulatedComm converts it. */
    private double seconds(int rank) {
        return comm.clock(rank) / 1e9;
    }
}
