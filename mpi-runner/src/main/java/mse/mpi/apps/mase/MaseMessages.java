package mse.mpi.apps.mase;

import java.nio.ByteBuffer;

/**
 * MASE's messages. A task names its block (id, first point, length: 12 bytes); a result carries the
 * task id and one 4-byte count per point, so result size grows with task size as in seed 001.
 */
final class MaseMessages {

    static final int TAG_TASK = 1;
    static final int TAG_RESULT = 2;
    static final int TAG_STOP = 3;

    private MaseMessages() {
    }

    record Task(int id, int first, int length) {}

    record Result(int taskId, int[] counts) {}

    static byte[] encode(Task t) {
        return ByteBuffer.allocate(12).putInt(t.id()).putInt(t.first()).putInt(t.length()).array();
    }

    static Task decodeTask(byte[] data) {
        ByteBuffer b = ByteBuffer.wrap(data);
        return new Task(b.getInt(), b.getInt(), b.getInt());
    }

    static byte[] encode(Result r) {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 * r.counts().length).putInt(r.taskId());
        for (int c : r.counts()) {
            b.putInt(c);
        }
        return b.array();
    }

    static Result decodeResult(byte[] data) {
        ByteBuffer b = ByteBuffer.wrap(data);
        int id = b.getInt();
        int[] counts = new int[b.remaining() / 4];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = b.getInt();
        }
        return new Result(id, counts);
    }
}
