package mse.emulator.kernel;

/**
 * One slave's requests to its master (its sends, by send time) and the master's messages to it (by receive start
 * and end), each in order, paired in virtual time for {@link MasterQueueStatistics}: a message ends the wait of
 * the latest request sent before its receive started, and a request ends at most one wait. A message is decided
 * once a request sent after its receive started has come (the slave's requests come in send order, so none
 * earlier is missing) or the run is over; until then it waits here, at most the few tasks a slave holds ahead.
 */
final class SlaveRequests {

    private final int slave;
    private final MasterQueueStatistics.Sink sink;
    private final LongQueue requests = new LongQueue();
    /** Receive start and end of each message not yet decided. */
    private final LongQueue replyStarts = new LongQueue();
    private final LongQueue replyEnds = new LongQueue();
    private long latestRequest = Long.MIN_VALUE;

    SlaveRequests(int slave, MasterQueueStatistics.Sink sink) {
        this.slave = slave;
        this.sink = sink;
    }

    void request(long sendNanos) {
        requests.addLast(sendNanos);
        latestRequest = sendNanos;
        decide(false);
    }

    void reply(long receiveStartNanos, long receiveEndNanos) {
        replyStarts.addLast(receiveStartNanos);
        replyEnds.addLast(receiveEndNanos);
        decide(false);
    }

    void finish() {
        decide(true);
    }

    private void decide(boolean over) {
        while (!replyStarts.isEmpty() && (over || latestRequest > replyStarts.peekFirst())) {
            long start = replyStarts.pollFirst();
            long end = replyEnds.pollFirst();
            boolean requested = false;
            long request = 0;
            while (!requests.isEmpty() && requests.peekFirst() <= start) {
                request = requests.pollFirst();
                requested = true;
            }
            if (requested) {
                sink.slaveWait(slave, end - request);
            }
        }
    }
}
