package mse.mpi.apps.farm;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mse.emulator.dynamic.DynamicMasterState.Reply;
import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.dynamic.TaskRanges;
import mse.mpi.comm.Comm;
import mse.mpi.comm.Message;

/**
 * One master of DY (seed 001, section 3.2): rank 0 from the start, or a slave told to become a
 * secondary master. It blocks in recv(ANY_SOURCE, ANY_TAG) and answers every contact (RESULT, JOIN,
 * MERGE) with exactly one reply, so nobody polls and no message is left behind. What it answers, and
 * when it splits and merges, is {@link DynamicMasterState}'s decision, which the simulator shares; this
 * class only moves the messages and the results.
 */
final class DynamicMaster {

    private final Comm comm;
    private final Workload work;
    private final DynamicMasterState state;

    private DynamicMaster(Comm comm, Workload work, DynamicMasterState state) {
        this.comm = comm;
        this.work = work;
        this.state = state;
    }

    /**
     * Rank 0: starts as SI (a task to every slave, then with --prefetch K K - 1 more rounds), serves until every
     * task is in; returns the whole log.
     */
    static List<MasterEvent> serveRoot(Comm comm, Workload work, DynamicSettings settings, int prefetch) {
        DynamicMaster root = new DynamicMaster(comm, work,
                DynamicMasterState.root(settings, comm.size(), work.tasks(), prefetch, comm::wtime));
        for (int slave = 1; slave < comm.size(); slave++) {
            root.send(root.state.first(slave), slave);
        }
        for (int round = 1; round < prefetch; round++) {
            for (int slave = 1; slave < comm.size(); slave++) {
                Reply more = root.state.prefetched(slave);
                if (more != null) {
                    root.send(more, slave);
                }
            }
        }
        root.loop();
        if (root.state.unassigned() > 0) {
            throw new IllegalStateException("DY: rank 0 ran out of slaves with " + root.state.unassigned() + " tasks unassigned");
        }
        return root.state.log();
    }

    /** A slave told BECOME_MASTER: serves its share, merges back, and returns the wtime once its MERGE (its next request) is sent. */
    static double serveSecondary(Comm comm, Workload work, DynamicSettings settings, int prefetch, Reply.BecomeMaster order) {
        DynamicMaster secondary = new DynamicMaster(comm, work,
                DynamicMasterState.secondary(settings, comm.size(), comm.rank(), order, prefetch, comm::wtime));
        secondary.loop();
        secondary.mergeBack(order.parent());
        return comm.wtime();
    }

    private void loop() {
        while (state.serving()) {
            Message m = comm.recv(Comm.ANY_SOURCE, Comm.ANY_TAG);
            switch (m.tag()) {
                case DynamicMessages.TAG_RESULT -> {
                    DynamicMessages.Result r = DynamicMessages.Result.decode(m.data());
                    work.collect(r.task(), r.body());
                    state.observe(m.source(), r.waitNanos());
                }
                case DynamicMessages.TAG_JOIN -> {
                    // a redirected slave: nothing to store, it only wants work
                }
                case DynamicMessages.TAG_MERGE -> absorb(DynamicMessages.Merge.decode(m.data()),
                        comm.recv(m.source(), DynamicMessages.TAG_MERGE_RESULTS).data());
                default -> throw new IllegalStateException("DY master " + comm.rank() + ": unexpected tag " + m.tag() + " from " + m.source());
            }
            send(state.reply(m.source()), m.source());
            for (Reply more = state.prefetched(m.source()); more != null; more = state.prefetched(m.source())) {
                send(more, m.source());
            }
        }
    }

    /** The reply as a message: TASK, STOP, REDIRECT or BECOME_MASTER; HOLD sends nothing. */
    private void send(Reply reply, int slave) {
        if (reply instanceof Reply.Assign assign) {
            comm.send(FarmMessages.withId(assign.task(), work.describe(assign.task())), slave, DynamicMessages.TAG_TASK);
        } else if (reply instanceof Reply.Stop) {
            comm.send(DynamicMessages.EMPTY, slave, DynamicMessages.TAG_STOP);
        } else if (reply instanceof Reply.Redirect redirect) {
            comm.send(DynamicMessages.rank(redirect.master()), slave, DynamicMessages.TAG_REDIRECT);
        } else if (reply instanceof Reply.BecomeMaster order) {
            comm.send(DynamicMessages.encode(order), slave, DynamicMessages.TAG_BECOME_MASTER);
        }
    }

    /** A secondary merged back: its results are ours again, and the state takes back its tasks and slaves. */
    private void absorb(DynamicMessages.Merge merge, byte[] exported) {
        int offset = 0;
        for (DynamicMessages.Results r : merge.results()) {
            work.importRange(r.range().from(), r.range().to(), Arrays.copyOfRange(exported, offset, offset + r.bytes()));
            offset += r.bytes();
        }
        state.absorb(merge.returnedSlaves(), merge.unassigned(), merge.events());
    }

    private void mergeBack(int parent) {
        DynamicMasterState.MergeOrder order = state.mergeBack();
        List<DynamicMessages.Results> results = new ArrayList<>();
        ByteArrayOutputStream exported = new ByteArrayOutputStream();
        for (TaskRanges.Range r : order.results()) {
            byte[] part = work.export(r.from(), r.to());
            results.add(new DynamicMessages.Results(r, part.length));
            exported.writeBytes(part);
        }
        comm.send(new DynamicMessages.Merge(order.returnedSlaves(), order.unassigned(), results, order.events()).encode(), parent,
                DynamicMessages.TAG_MERGE);
        comm.send(exported.toByteArray(), parent, DynamicMessages.TAG_MERGE_RESULTS);
    }
}
