package mse.mpi.apps.farm;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import mse.emulator.dynamic.DynamicMasterState.Reply;
import mse.emulator.sim.FarmTags;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.dynamic.TaskRanges;

/**
 * The messages of DY (seed 001, section 3.2) beyond SI's task, result and stop. A slave contacts its
 * master with RESULT (or JOIN right after a redirect; MERGE when it was a secondary master) and gets
 * exactly one reply: TASK, STOP, REDIRECT or BECOME_MASTER. Everything a master decides is therefore a
 * function of the messages it received and of Comm.wtime(), which keeps emulated runs deterministic.
 */
final class DynamicMessages {

    static final int TAG_TASK = FarmTags.TASK;
    static final int TAG_RESULT = FarmTags.RESULT;
    static final int TAG_STOP = FarmTags.STOP;
    static final int TAG_REDIRECT = FarmTags.REDIRECT;
    static final int TAG_BECOME_MASTER = FarmTags.BECOME_MASTER;
    static final int TAG_JOIN = FarmTags.JOIN;
    static final int TAG_MERGE = FarmTags.MERGE;
    /**
     * The exported results a Merge announced, back to back. They travel apart from the small
     * MERGE because they can be big: a big message is a rendezvous send in MPI, and the emulator can
     * only grant a master's ANY_SOURCE receive once the sender's clock has moved past the arrival,
     * which a sender stuck in a rendezvous never reports; a receive from a named source needs no such
     * proof, so the parent takes the results with recv(child, TAG_MERGE_RESULTS).
     */
    static final int TAG_MERGE_RESULTS = FarmTags.MERGE_RESULTS;

    static final byte[] EMPTY = new byte[0];

    private DynamicMessages() {
    }

    /** RESULT: task id, the slave's wait for this task (ns of its wtime), the workload's result. */
    record Result(int task, long waitNanos, byte[] body) {
        /** The task id and the wait in front of the body. */
        static int headerBytes() {
            return Integer.BYTES + Long.BYTES;
        }

        byte[] encode() {
            return ByteBuffer.allocate(headerBytes() + body.length).putInt(task).putLong(waitNanos).put(body).array();
        }

        static Result decode(byte[] data) {
            ByteBuffer in = ByteBuffer.wrap(data);
            int task = in.getInt();
            long wait = in.getLong();
            byte[] body = new byte[in.remaining()];
            in.get(body);
            return new Result(task, wait, body);
        }
    }

    /** BECOME_MASTER: who the new secondary's parent is, its depth, how many slaves will join it, its tasks. */
    static byte[] encode(Reply.BecomeMaster order) {
        ByteBuffer out = ByteBuffer.allocate(16 + 8 * order.tasks().size()).putInt(order.parent()).putInt(order.depth())
                .putInt(order.joining());
        TaskRanges.write(out, order.tasks());
        return out.array();
    }

    static Reply.BecomeMaster decodeBecomeMaster(byte[] data) {
        ByteBuffer in = ByteBuffer.wrap(data);
        return new Reply.BecomeMaster(in.getInt(), in.getInt(), in.getInt(), TaskRanges.read(in));
    }

    /** One range of results and the length of its Workload.export bytes in the MERGE_RESULTS message. */
    record Results(TaskRanges.Range range, int bytes) {}

    /**
     * MERGE: slaves the secondary redirected to its parent, tasks it hands back unassigned, the ranges
     * whose results follow in MERGE_RESULTS, and its log (with its descendants') so that rank 0 ends
     * with every event.
     */
    record Merge(int returnedSlaves, List<TaskRanges.Range> unassigned, List<Results> results, List<MasterEvent> events) {
        byte[] encode() {
            List<byte[]> actions = events.stream().map(e -> e.action().getBytes(StandardCharsets.US_ASCII)).toList();
            int size = 12 + 8 * unassigned.size() + 4 + 12 * results.size();
            for (byte[] a : actions) {
                size += 8 + 16 + 4 + a.length;
            }
            ByteBuffer out = ByteBuffer.allocate(size).putInt(returnedSlaves);
            TaskRanges.write(out, unassigned);
            out.putInt(results.size());
            for (Results r : results) {
                out.putInt(r.range().from()).putInt(r.range().to()).putInt(r.bytes());
            }
            out.putInt(events.size());
            for (int i = 0; i < events.size(); i++) {
                MasterEvent e = events.get(i);
                out.putDouble(e.virtualSeconds()).putInt(e.master()).putInt(actions.get(i).length).put(actions.get(i))
                        .putInt(e.tasksMoved()).putInt(e.slavesMoved()).putInt(e.depth());
            }
            return out.array();
        }

        static Merge decode(byte[] data) {
            ByteBuffer in = ByteBuffer.wrap(data);
            int returned = in.getInt();
            List<TaskRanges.Range> unassigned = TaskRanges.read(in);
            int n = in.getInt();
            List<Results> results = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                results.add(new Results(new TaskRanges.Range(in.getInt(), in.getInt()), in.getInt()));
            }
            int m = in.getInt();
            List<MasterEvent> events = new ArrayList<>(m);
            for (int i = 0; i < m; i++) {
                double t = in.getDouble();
                int master = in.getInt();
                byte[] action = new byte[in.getInt()];
                in.get(action);
                events.add(new MasterEvent(t, master, new String(action, StandardCharsets.US_ASCII), in.getInt(), in.getInt(), in.getInt()));
            }
            return new Merge(returned, unassigned, results, events);
        }
    }

    static byte[] rank(int rank) {
        return ByteBuffer.allocate(4).putInt(rank).array();
    }

    static int rank(byte[] data) {
        return ByteBuffer.wrap(data).getInt();
    }
}
