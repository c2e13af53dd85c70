package mse.mpi.comm;

/** A received message: who sent it, with which tag, and its bytes. */
public record Message(int source, int tag, byte[] data) {

    public Envelope envelope() {
        return new Envelope(source, tag, data.length);
    }
}
