package mse.mpi.comm;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;

/**
 * Broadcast, gather, reduce and barrier as the point-to-point messages of a {@link CollectiveTree}, on tags 32760 to
 * 32763 of the world's library context ({@link #contextOf}), which no wildcard receive of the program matches
 * (MSE's own programs have one communicator, the world, and no tags of their own from 32760 up). LocalComm runs its
 * collectives this way; EmulatedComm does too, over its own send and receive, so the emulator charges a
 * collective as exactly these messages under the same LogGPS rules as any other (docs/architecture.md, "Virtual time
 * rules") and its cost follows from the profile's algorithm rather than a formula of its own.
 *
 * <p>Gather sends each rank's array with an 8-byte header (its rank and length), so arrays of any length can
 * travel up the tree together; that header is part of the charged size.
 */
final class Collectives {

    /** The first of the collectives' tags; the program's own tags lie below it. */
    static final int FIRST_TAG = 32760;
    static final int BCAST_TAG = FIRST_TAG;
    static final int GATHER_TAG = FIRST_TAG + 1;
    static final int REDUCE_TAG = FIRST_TAG + 2;
    static final int BARRIER_TAG = FIRST_TAG + 3;
    private static final int ENTRY_HEADER_BYTES = 8;

    private final Comm comm;
    private final CollectiveAlgorithm algorithm;

    /**
     * The communication context a message of this tag travels on, as the emulator matches it: a collective's on the
     * world's library context, the program's (a wildcard tag included) on the world's own, so that a wildcard receive
     * of the program never takes a collective's message, as MPI's contexts keep them apart.
     */
    static int contextOf(int tag) {
        return tag >= FIRST_TAG ? RankFact.WORLD_LIBRARY_CONTEXT : RankFact.WORLD_CONTEXT;
    }

    /** The pattern of a receive or probe for (source, tag) on its tag's context. */
    static MessagePattern pattern(int source, int tag) {
        return new MessagePattern(source, tag, contextOf(tag));
    }

    Collectives(Comm comm, CollectiveAlgorithm algorithm) {
        this.comm = comm;
        this.algorithm = algorithm;
    }

    byte[] bcast(byte[] data, int root) {
        return fanOut(data, root, BCAST_TAG);
    }

    List<byte[]> gather(byte[] data, int root) {
        CollectiveTree tree = tree(root);
        ByteBuffer subtree = ByteBuffer.allocate(ENTRY_HEADER_BYTES + data.length).putInt(comm.rank()).putInt(data.length).put(data);
        byte[] collected = subtree.array();
        for (int child : tree.fanIn()) {
            collected = concat(collected, comm.recv(child, GATHER_TAG).data());
        }
        if (tree.parent() != CollectiveTree.NONE) {
            comm.send(collected, tree.parent(), GATHER_TAG);
            return null;
        }
        return unpack(collected);
    }

    byte[] reduce(byte[] data, ReduceOp op, int root) {
        op.elements(data);
        return fanIn(data, op, root, REDUCE_TAG);
    }

    /** A zero-byte fan-in to rank 0 and a zero-byte fan-out from it: nobody leaves before everyone came. */
    void barrier() {
        fanIn(new byte[0], null, 0, BARRIER_TAG);
        fanOut(new byte[0], 0, BARRIER_TAG);
    }

    private byte[] fanOut(byte[] data, int root, int tag) {
        CollectiveTree tree = tree(root);
        byte[] value = tree.parent() == CollectiveTree.NONE ? data : comm.recv(tree.parent(), tag).data();
        for (int child : tree.fanOut()) {
            comm.send(value, child, tag);
        }
        return value;
    }

    /** Combines the children's values into this rank's (op null: nothing to combine) and passes it up. */
    private byte[] fanIn(byte[] data, ReduceOp op, int root, int tag) {
        CollectiveTree tree = tree(root);
        byte[] value = data;
        for (int child : tree.fanIn()) {
            byte[] theirs = comm.recv(child, tag).data();
            value = op == null ? value : op.combine(value, theirs);
        }
        if (tree.parent() != CollectiveTree.NONE) {
            comm.send(value, tree.parent(), tag);
            return null;
        }
        return value;
    }

    private CollectiveTree tree(int root) {
        return CollectiveTree.of(algorithm, comm.size(), root, comm.rank());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private List<byte[]> unpack(byte[] collected) {
        byte[][] byRank = new byte[comm.size()][];
        ByteBuffer in = ByteBuffer.wrap(collected);
        while (in.hasRemaining()) {
            int rank = in.getInt();
            byte[] data = new byte[in.getInt()];
            in.get(data);
            byRank[rank] = data;
        }
        return new ArrayList<>(Arrays.asList(byRank));
    }
}
