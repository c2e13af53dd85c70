package mse.mpi.apps.farm;

import java.nio.ByteBuffer;
import mse.emulator.sim.FarmTags;

/** Envelopes of the task farm: a task id in front of the workload's bytes. */
final class FarmMessages {

    static final int TAG_TASK = FarmTags.TASK;
    static final int TAG_RESULT = FarmTags.RESULT;
    static final int TAG_STOP = FarmTags.STOP;
    static final int TAG_GATHER = FarmTags.GATHER;

    static final byte[] STOP = new byte[0];

    private FarmMessages() {
    }

    /** The envelope's length: a task or result message is this plus the workload's bytes. */
    static int idBytes() {
        return Integer.BYTES;
    }

    static byte[] withId(int task, byte[] body) {
        return ByteBuffer.allocate(idBytes() + body.length).putInt(task).put(body).array();
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
