package mse.cluster.fit;

/**
 * What the round-trip benchmark measured at one (P, k), as medians of many round trips (seed 001
 * (001_cb00b78257109af6.txt) Fig. 1: ranks 0 and 1 exchange k bytes while P - 2 ranks wait).
 *
 * @param processes P, every rank of the job, the waiting ones included
 * @param bytes     k, the message length
 * @param rttMicros the round trip as rank 0 sees it: send to rank 1, receive its reply with ANY_SOURCE
 * @param sendMicros how long rank 0's send call took (o_s: an eager send returns once the data is out)
 * @param recvMicros how long rank 0's receive took when the reply had already arrived (o_r)
 * @param gapMicros  the sustained interval between k-byte messages that rank 1 sent back to back (trains): what a
 *                   stream of such messages costs per message, max(o_s, o_r, g, kG) in LogGP terms
 */
public record RttSample(int processes, long bytes, double rttMicros, double sendMicros, double recvMicros, double gapMicros) {

    public RttSample {
        if (processes < 2) {
            throw new IllegalArgumentException("a round trip needs P >= 2, got " + processes);
        }
        if (bytes < 0 || !(rttMicros > 0) || !(sendMicros > 0) || !(recvMicros > 0) || !(gapMicros > 0)) {
            throw new IllegalArgumentException("bad sample: " + this);
        }
    }
}
