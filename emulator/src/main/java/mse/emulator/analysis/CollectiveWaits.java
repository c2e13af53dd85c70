package mse.emulator.analysis;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import mse.emulator.kernel.RankFact;

/**
 * Waiting in a collective for the last rank to arrive, per collective: each rank's entry into the n-th collective of
 * a communicator (every rank calls a communicator's collectives in the same order, MPI 3.1 §5.1) is the start of its
 * first report after the kernel told of the entry that is not a computation (the computation before it is the
 * program's, charged with the collective's first fact): its first send, or the start of its first receive or of its
 * wait for one. Once every rank entered, each rank waited from its entry until the entry of the last rank whose part
 * it needs (Scalasca's wait at N x N, late broadcast and early reduce, on entries alone): in a barrier, an
 * all-reduce, all-gather or all-to-all, every rank's; in a broadcast or scatter, a rank other than the root the root's
 * (the root needs nobody); in a gather or reduce, the root every rank's (the others need nobody); in a scan or exscan,
 * each rank the lower ranks' (Scalasca's early scan: rank r's result combines ranks 0 to r only).
 *
 * <p>Memory: the collectives some rank entered and another has not yet, with one entry per rank each. A collective
 * completes when all its communicator's members entered. On a communicator other than the world it counts all to all
 * among its members (the fact names the communicator's size and first member, not which world rank is its root).
 * Communicators with no member in common may share an id: the first member tells them apart.
 */
final class CollectiveWaits {

    /** Whose entry each rank waits for. */
    private enum Shape { ALL_TO_ALL, ONE_TO_ALL, ALL_TO_ONE, FROM_LOWER }

    /** A communicator: its id and its first member's rank. */
    private record Comm(int id, int leader) {
    }

    private record Key(Comm comm, long n) {
    }

    private static final class Instance {
        final Shape shape;
        final int root;
        final long[] entries;
        final int members;
        int entered;

        Instance(Shape shape, int root, int ranks, int members) {
            boolean rooted = shape == Shape.ONE_TO_ALL || shape == Shape.ALL_TO_ONE;
            this.shape = rooted && (root < 0 || root >= ranks) ? Shape.ALL_TO_ALL : shape;
            this.root = root;
            this.members = members;
            this.entries = new long[ranks];
            java.util.Arrays.fill(entries, -1);
        }
    }

    private final int ranks;
    private final long[] waits;
    /** Per communicator, how many of its collectives each rank entered. */
    private final Map<Comm, long[]> entered = new HashMap<>();
    private final Map<Key, Instance> open = new HashMap<>();
    /** Per rank, the collective its next report enters (null: none), and its clock when the kernel told of the entry. */
    private final Key[] entering;
    private final long[] toldAt;

    CollectiveWaits(int ranks) {
        this.ranks = ranks;
        this.waits = new long[ranks];
        this.entering = new Key[ranks];
        this.toldAt = new long[ranks];
    }

    /** The rank, its clock at `clock`, entered the collective `call`. */
    void entered(RankFact.Collective call, long clock) {
        int rank = call.rank();
        if (entering[rank] != null) {
            fix(rank, toldAt[rank]); // it reported nothing in its last collective: it entered when it said so
        }
        Comm comm = new Comm(call.comm(), call.leader());
        long n = entered.computeIfAbsent(comm, c -> new long[ranks])[rank]++;
        Key key = new Key(comm, n);
        // a root is the communicator's rank; only the world's are the kernel's ranks
        int members = call.members() < 0 ? ranks : call.members();
        open.computeIfAbsent(key, k -> call.comm() == 0 ? new Instance(shape(call.call()), call.root(), ranks, members)
                : new Instance(Shape.ALL_TO_ALL, -1, ranks, members));
        entering[rank] = key;
        toldAt[rank] = clock;
    }

    /** The rank sent, received or began to wait for a message at `nanos`: its entry, when it just entered a collective. */
    void acted(int rank, long nanos) {
        if (entering[rank] != null) {
            fix(rank, nanos);
        }
    }

    /** Each rank's wait in collectives so far (final once the run is over). */
    long[] waitNanos() {
        long[] all = waits.clone();
        open.values().forEach(instance -> add(instance, all));
        return all;
    }

    private void fix(int rank, long nanos) {
        Key key = entering[rank];
        entering[rank] = null;
        Instance instance = open.get(key);
        instance.entries[rank] = nanos;
        if (++instance.entered == instance.members) {
            open.remove(key);
            add(instance, waits);
        }
    }

    private static void add(Instance instance, long[] waits) {
        long[] entries = instance.entries;
        long last = -1;
        for (long entry : entries) {
            last = Math.max(last, entry);
        }
        boolean rooted = instance.shape == Shape.ONE_TO_ALL || instance.shape == Shape.ALL_TO_ONE;
        long root = rooted ? entries[instance.root] : -1;
        long lower = -1; // the latest entry of the ranks below
        for (int rank = 0; rank < entries.length; rank++) {
            if (entries[rank] < 0) {
                continue;
            }
            long until = switch (instance.shape) {
                case ALL_TO_ALL -> last;
                case ONE_TO_ALL -> rank == instance.root ? entries[rank] : root;
                case ALL_TO_ONE -> rank == instance.root ? last : entries[rank];
                case FROM_LOWER -> lower;
            };
            waits[rank] += Math.max(0, until - entries[rank]);
            lower = Math.max(lower, entries[rank]);
        }
    }

    /** MPI_Bcast, MPI_Iscatterv, MPI_Scan, ... by whose entry a rank waits for; any other collective is all to all. */
    private static Shape shape(String call) {
        String name = call.toLowerCase(Locale.ROOT).replaceFirst("^mpi_i?", "");
        return switch (name) {
            case "bcast", "scatter", "scatterv" -> Shape.ONE_TO_ALL;
            case "gather", "gatherv", "reduce" -> Shape.ALL_TO_ONE;
            case "scan", "exscan" -> Shape.FROM_LOWER;
            default -> Shape.ALL_TO_ALL;
        };
    }
}
