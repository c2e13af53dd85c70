package mse.emulator.kernel;

/**
 * One delivered message, for reports. Virtual nanoseconds: sendNanos (MPI_Send called), departureNanos
 * (send overhead done), arrivalNanos (at the receiver), receiveStartNanos (the receiver starts receiving it:
 * max(its clock, arrival)) and receiveEndNanos (receive overhead done). arrival -> receive start is the
 * master's queue wait of seed 001 (001_cb00b78257109af6.txt) Fig. 3's breakdown.
 */
public record MessageRecord(long sequence, int source, int destination, int tag, int bytes,
                            long sendNanos, long departureNanos, long arrivalNanos,
                            long receiveStartNanos, long receiveEndNanos, boolean synchronous) {

    public long queueWaitNanos() {
        return receiveStartNanos - arrivalNanos;
    }
}
