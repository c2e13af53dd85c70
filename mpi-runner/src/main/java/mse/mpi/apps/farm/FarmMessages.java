package mse.mpi.apps.farm;

import java.nio.ByteBuffer;

/** Envelopes of the task farm: a task id in front of the workload's bytes. */
final class FarmMessages {

    static final int TAG_TASK = 1;
    static final int TAG_RESULT = 2;
    static final int TAG_STOP = 3;
    static final int TAG_GATHER = 4;

    static final byte[] STOP = new byte[0];

    private FarmMessages() {
    }

    static byte[] withId(int task, byte[] body) {
        return ByteBuffer.allocate(4 + body.length).putInt(task).put(body).array();
    }

    static int id(byte[] message) {
        return ByteBuffer.wrap(message).getInt();
    }

    static byte[] body(byte[] message) {
        byte[] body = new byte[message.length - 4];
        System.arraycopy(message, 4, body, 0, body.length);
        return body;
    }
}
