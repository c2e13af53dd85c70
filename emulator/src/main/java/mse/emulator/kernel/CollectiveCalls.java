package mse.emulator.kernel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The argument check of collectives (MPI 3.1 §5.1: every rank of a communicator calls its collectives in the same
 * order, with the same root and operation and type signatures of the same size). A real MPI hangs, fails or
 * silently computes garbage on such a program; an emulator sees every rank's call, so the n-th collective of each rank
 * is compared with the first rank's n-th as the facts arrive, and the first difference ends the run naming the
 * collective, both ranks and what differs, before any message of that collective is granted. Plain Java: the kernel
 * asks it.
 */
final class CollectiveCalls {

    /**
     * The first rank's call of one collective (its n-th on its communicator), how many ranks have called it so far, and
     * a v collective's blocks as each member sees them (by member index: what it sends to and expects from each member,
     * UNKNOWN until its Blocks say), with each member's world rank.
     */
    private static final class Call {
        final RankFact.Collective first;
        final long n;
        final int members;
        int ranks = 1;
        final Map<Integer, long[]> sends = new HashMap<>();
        final Map<Integer, long[]> receives = new HashMap<>();
        final Map<Integer, Integer> worldRanks = new HashMap<>();

        Call(RankFact.Collective first, long n, int members) {
            this.first = first;
            this.n = n;
            this.members = members;
        }

        long[] blocks(Map<Integer, long[]> of, int member) {
            return of.computeIfAbsent(member, m -> {
                long[] unknown = new long[members];
                Arrays.fill(unknown, UNKNOWN);
                return unknown;
            });
        }
    }

    /** A block a member has not told yet. */
    private static final long UNKNOWN = Long.MIN_VALUE;

    /** A communicator: its id and its first member (communicators with no member in common may share an id). */
    private record Communicator(int id, int leader) {
    }

    private final int size;
    private final Map<Communicator, long[]> entered = new HashMap<>();
    private final Map<Communicator, Map<Long, Call>> open = new HashMap<>();
    /** Each rank's last collective, which its Blocks (a v collective's) follow. */
    private final Map<Integer, Call> last = new HashMap<>();

    /** size: the ranks of the run (MPI_COMM_WORLD's). */
    CollectiveCalls(int size) {
        this.size = size;
    }

    /** The difference that ends the run, if this call differs from the first rank's call of the same collective. */
    Optional<String> check(RankFact.Collective call) {
        Communicator comm = new Communicator(call.comm(), call.leader());
        int members = call.members() < 0 ? size : call.members();
        long n = entered.computeIfAbsent(comm, c -> new long[size])[call.rank()]++;
        Map<Long, Call> calls = open.computeIfAbsent(comm, c -> new HashMap<>());
        Call seen = calls.get(n);
        if (seen == null) {
            Call first = new Call(call, n, members);
            if (members > 1) {
                calls.put(n, first);
            }
            last.put(call.rank(), first);
            return Optional.empty();
        }
        last.put(call.rank(), seen);
        Optional<String> difference = difference(seen.first, call, n);
        if (difference.isEmpty() && ++seen.ranks == members) {
            calls.remove(n); // every rank called it: nothing more to compare it with
        }
        return difference;
    }

    /**
     * The difference that ends the run, if what a member of a v collective sends to another differs from what that one
     * expects from it (compared as soon as both have told; -1, nothing, is compared with nothing).
     */
    Optional<String> blocks(RankFact.Blocks told) {
        Call call = last.get(told.rank());
        if (call == null) {
            throw new IllegalArgumentException("rank " + told.rank() + " told the blocks of a collective before any");
        }
        int i = told.index();
        if (i < 0 || i >= call.members || told.first() < 0 || told.first() + told.sends().size() > call.members) {
            throw new IllegalArgumentException("rank " + told.rank() + " told blocks outside its " + call.members
                    + " members: " + told);
        }
        call.worldRanks.put(i, told.rank());
        long[] sends = call.blocks(call.sends, i);
        long[] receives = call.blocks(call.receives, i);
        for (int k = 0; k < told.sends().size(); k++) {
            int j = told.first() + k;
            sends[j] = told.sends().get(k);
            receives[j] = told.receives().get(k);
        }
        for (int k = 0; k < told.sends().size(); k++) {
            int j = told.first() + k;
            long[] theirReceives = call.receives.get(j);
            if (theirReceives != null && disagree(sends[j], theirReceives[i])) {
                return Optional.of(pairDifference(call, i, j, sends[j], theirReceives[i]));
            }
            long[] theirSends = call.sends.get(j);
            if (theirSends != null && disagree(theirSends[i], receives[j])) {
                return Optional.of(pairDifference(call, j, i, theirSends[i], receives[j]));
            }
        }
        return Optional.empty();
    }

    private static boolean disagree(long sent, long expected) {
        return sent >= 0 && expected >= 0 && sent != expected;
    }

    private static String pairDifference(Call call, int from, int to, long sent, long expected) {
        String sender = "rank " + call.worldRanks.get(from);
        String receiver = from == to ? "itself" : "rank " + call.worldRanks.get(to);
        return call.first.call() + " (collective " + (call.n + 1) + " on " + communicator(call.first.comm()) + "): "
                + sender + " sends " + sent + " bytes to " + receiver + ", which expects " + expected + " bytes from it"
                + " (counts times the types' sizes)";
    }

    private static Optional<String> difference(RankFact.Collective first, RankFact.Collective call, long n) {
        String where = " (collective " + (n + 1) + " on " + communicator(call.comm()) + ")";
        String ranks = " at rank " + call.rank() + " and rank " + first.rank();
        if (!first.call().equals(call.call())) {
            return Optional.of("the ranks called different collectives" + where + ": " + call.call() + " at rank "
                    + call.rank() + ", " + first.call() + " at rank " + first.rank());
        }
        String what = call.call() + where + " with ";
        if (first.root() != call.root()) {
            return Optional.of(what + "root " + call.root() + " and root " + first.root() + ranks);
        }
        if (first.dataBytes() != call.dataBytes()) {
            return Optional.of(what + call.dataBytes() + " bytes and " + first.dataBytes() + " bytes" + ranks
                    + " (count times the type's size)");
        }
        if (first.op() != call.op()) {
            return Optional.of(what + operation(call.op()) + " and " + operation(first.op()) + ranks);
        }
        return Optional.empty();
    }

    /**
     * The predefined operations by their Fortran handles, which Open MPI fixes in its mpif.h (mpif-handles.h: MPI_MAX=1
     * to MPI_NO_OP=14, MPI_OP_NULL=0); the interposition library reports an operation by its Fortran handle.
     */
    private static final List<String> PREDEFINED_OPERATIONS = List.of("MPI_OP_NULL", "MPI_MAX", "MPI_MIN", "MPI_SUM",
            "MPI_PROD", "MPI_LAND", "MPI_BAND", "MPI_LOR", "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MAXLOC", "MPI_MINLOC",
            "MPI_REPLACE", "MPI_NO_OP");

    /** An operation as a user reads it: MPI_SUM, or a user operation (MPI_Op_create) with its Fortran handle. */
    static String operation(int handle) {
        if (handle >= 0 && handle < PREDEFINED_OPERATIONS.size()) {
            return "operation " + PREDEFINED_OPERATIONS.get(handle);
        }
        return handle < 0 ? "no operation" : "a user operation (Fortran handle " + handle + ")";
    }

    private static String communicator(int comm) {
        return switch (comm) {
            case 0 -> "MPI_COMM_WORLD";
            case 1 -> "MPI_COMM_SELF";
            default -> "communicator " + comm;
        };
    }
}
