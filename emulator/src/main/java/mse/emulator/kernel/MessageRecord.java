package mse.emulator.kernel;

/**
 * One delivered message, for reports, on its communication context (RankFact.Sent's: a communicator's program or
 * library context). Virtual nanoseconds: sendNanos (MPI_Send called), departureNanos
 * (send overhead done), arrivalNanos (at the receiver), receiveStartNanos (the receiver starts receiving it:
 * max(its clock, arrival)) and receiveEndNanos (receive overhead done). arrival -> receive start is the
 * master's queue wait of seed 001 (001_cb00b78257109af6.txt) Fig. 3's breakdown.
 */
public record MessageRecord(long sequence, int source, int destination, int tag, int bytes,
                            long sendNanos, long departureNanos, long arrivalNanos,
                            long receiveStartNanos, long receiveEndNanos, boolean synchronous, int context) {

    /** A message on MPI_COMM_WORLD's program context (the simulator's, whose programs have no other). */
    public MessageRecord(long sequence, int source, int destination, int tag, int bytes, long sendNanos, long departureNanos,
                         long arrivalNanos, long receiveStartNanos, long receiveEndNanos, boolean synchronous) {
        this(sequence, source, destination, tag, bytes, sendNanos, departureNanos, arrivalNanos, receiveStartNanos, receiveEndNanos,
                synchronous, RankFact.WORLD_CONTEXT);
    }

    public long queueWaitNanos() {
        return receiveStartNanos - arrivalNanos;
    }
}
