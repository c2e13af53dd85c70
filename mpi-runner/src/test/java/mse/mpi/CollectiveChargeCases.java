package mse.mpi;

import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.NetworkModel;

/**
 * Test-only: the charges of mpi-runner/src/test/c/collective-charges.c's cases, computed by hand from each
 * collective's algorithm (docs/collectives.md) and the network's rules (docs/architecture.md, "Virtual time rules"),
 * on the mpich-fast-ethernet profile at np 3 with no computation charged. Notation: os(k), or(k) the send and receive
 * overheads of a k-byte message, w(k) = L + kG its way between two idle interfaces, T(k) = kG its time at one
 * interface; a message leaves its sender o_s after the send starts (or when the sender's interface is free, after
 * the last message's T), and a receive ends o_r after the later of the receiver's clock and the arrival.
 */
public record CollectiveChargeCases(NetworkModel network) {

    public static final String PROFILE = "mpich-fast-ethernet";
    public static final int NP = 3;

    public static CollectiveChargeCases of() {
        return new CollectiveChargeCases(new LogGpsModel(ProfileLoader.load(PROFILE).network(), NP));
    }

    private long os(long k) {
        return network.sendOverheadNanos(k);
    }

    private long or(long k) {
        return network.recvOverheadNanos(k);
    }

    private long w(long k) {
        return network.wireNanos(k);
    }

    private long t(long k) {
        return network.transferNanos(k);
    }

    /**
     * Alltoallv and Alltoallw (the same bytes): 0 sends 1 800 bytes and 2 80, 1 sends 2 8, 2 sends 0 8, and no
     * message carries an empty block. Each rank sends to the nearest rank on its right first, then receives from its
     * left in turn:
     * <ul>
     *   <li>rank 0 sends 800 to 1 (leaves at os(800)) and 80 to 2 (leaves when its interface has passed the 800:
     *       max(os(800) + os(80), os(800) + T(800))), then receives 2's 8 bytes, sent at 0;</li>
     *   <li>rank 1 sends 8 to 2, receives 0's 800;</li>
     *   <li>rank 2 sends 8 to 0, receives 1's 8, then 0's 80.</li>
     * </ul>
     * The last rank to end sets the prediction.
     */
    public long allToAllPredicted() {
        long rank0 = Math.max(os(800) + os(80), os(8) + w(8)) + or(8);
        long rank1 = Math.max(os(8), os(800) + w(800)) + or(800);
        long leave02 = Math.max(os(800) + os(80), os(800) + t(800));
        long rank2 = Math.max(os(8) + w(8) + or(8), leave02 + w(80)) + or(80);
        return Math.max(rank0, Math.max(rank1, rank2));
    }

    /** Rank 0's time sending in the all-to-all: its two messages' overheads, none for its empty block. */
    public long allToAllRank0Send() {
        return os(800) + os(80);
    }

    /** One message of k bytes from the start of its send to the end of its receive, both interfaces idle. */
    private long m(long k) {
        return os(k) + w(k) + or(k);
    }

    /** Scan and Exscan's 100 ints. */
    public static final int SCAN_BYTES = 400;

    /**
     * Scan or Exscan of k = 400 bytes, binomial profile (recursive doubling): round 1, ranks 0 and 1 swap values (each
     * ends at m(k)); rank 2 has no partner 3. Round 2, ranks 0 and 2 swap: rank 2 sent at 0, but 0 sends only at m(k),
     * so rank 2 ends at 2 m(k), rank 0 at m(k) + o_s + o_r. Linear profile (a chain): 0 sends 1, which ends at m(k) and
     * sends 2, which ends at 2 m(k). The same prediction; rank 0's sends and receives tell the two apart.
     */
    public long scanPredicted() {
        return 2 * m(SCAN_BYTES);
    }

    /** Rank 0 sends two messages in recursive doubling, one down the chain. */
    public long scanRank0Send(boolean doubling) {
        return (doubling ? 2 : 1) * os(SCAN_BYTES);
    }

    /** Rank 0 receives two messages in recursive doubling, none at the head of the chain. */
    public long scanRank0Receive(boolean doubling) {
        return doubling ? 2 * or(SCAN_BYTES) : 0;
    }

    /**
     * The reduce of the whole vector of k bytes to rank 0 at np 3 (binomial and linear trees alike: ranks 1 and 2 send
     * at 0, their messages reach 0's interface together and pass it lower source first, 1's arriving at o_s + w(k),
     * 2's T(k) later, before 0 has received 1's): rank 0 ends it at o_s(k) + w(k) + 2 o_r(k).
     */
    private long reducedAtRank0(long k) {
        return os(k) + w(k) + 2 * or(k);
    }

    /**
     * Reduce_scatter_block of 20 ints to each rank: the reduce of 240 bytes to rank 0, then its scatter of one entry
     * (8 bytes of header + 80) to each of ranks 2 and 1, 2 first (the binomial tree's farthest child): rank 1's,
     * sent second, ends last.
     */
    public long reduceScatterBlockPredicted() {
        long entry = 8 + 80;
        return reducedAtRank0(240) + 2 * os(entry) + w(entry) + or(entry);
    }

    /** Rank 0 sends the two entries and receives the two values of the reduce. */
    public long reduceScatterBlockRank0Send() {
        return 2 * os(8 + 80);
    }

    public long reduceScatterBlockRank0Receive() {
        return 2 * or(240);
    }

    /**
     * Reduce_scatter of 2, 0 and 100 ints to ranks 0, 1 and 2: the reduce of 408 bytes to rank 0, then the entries
     * to rank 2 (8 + 400 bytes) and to rank 1 (8 + 0 bytes: an empty block still has its header). Binomial: 2's first,
     * and 2 ends last; linear: 1's first, then 2's, which ends last.
     */
    public long reduceScatterPredicted(boolean binomial) {
        long toRank2 = 8 + 400;
        long toRank1 = 8;
        return reducedAtRank0(408) + (binomial ? 0 : os(toRank1)) + os(toRank2) + w(toRank2) + or(toRank2);
    }

    public long reduceScatterRank0Send() {
        return os(8 + 400) + os(8);
    }

    public long reduceScatterRank0Receive() {
        return 2 * or(408);
    }
}
