package mse.emulator.analysis;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mse.emulator.kernel.Blocking;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.RunResult;
import mse.emulator.model.NetworkModel;

/**
 * Wait states and the critical path of one run, in one forward pass over the kernel's reports: every rank carries
 * the parts ({@link PathPart}) of the longest chain that ends at its clock; a charge adds to them, a message takes
 * its sender's parts along, and a rank that blocked until the message arrived continues from those (plus the
 * message's network time) instead of its own, since the message, not the rank, held it up. Memory: the ranks' parts
 * and one entry per message in flight, so a run of millions of messages costs no more than a small one.
 *
 * <p>Needs each rank's reports in its own order, with {@link KernelObserver#sent} and {@link KernelObserver#blocked},
 * as the kernel makes them.
 */
public final class RunAnalysis implements KernelObserver {

    /**
     * What a message in flight carries: its sender's path up to the end of its send overhead (and, when the stretches
     * are kept, the path's stretches up to then), and its identity.
     */
    private record InFlight(int source, boolean collective, int bytes, long sendNanos, long[] path, Stretches stretches) {
    }

    /** A path's stretches, newest first, each sharing the ones before it with every other path that came through them. */
    private record Stretches(PathStretch last, Stretches before) {
    }

    /** What a rank's path is when it goes on from another's: the other's parts, and its stretches when they are kept. */
    private record Continued(long[] path, Stretches stretches) {
    }

    private final NetworkModel network;
    private final BitSet masters;
    private final long[][] path;
    private final long[] clock;
    private final long[] lateSender;
    private final long[] lateReceiver;
    private final CollectiveWaits collectives;
    private final long[] queueWait;
    private final Map<Long, InFlight> inFlight = new HashMap<>();
    /** A synchronous message's receiver's path at its receive start, until its sender's block takes it. */
    private final Map<Long, Continued> rendezvous = new HashMap<>();
    /**
     * Whether the path's stretches are kept (for an OTF2 archive, which marks them): then each rank's path also holds
     * the stretches before its current one (null: none) and where its current one began, at a cost of one small object
     * per message and memory for the stretches of every path still referenced.
     */
    private final boolean keepsStretches;
    /** The rank the critical path last computed ends on; -1 before. */
    private int criticalEnd = -1;
    private final Stretches[] before;
    private final long[] since;

    public RunAnalysis(NetworkModel network, Collection<Integer> masterRanks) {
        this(network, masterRanks, false);
    }

    /** The same, keeping the critical path's stretches ({@link #criticalStretches}) when `keepsStretches`. */
    public RunAnalysis(NetworkModel network, Collection<Integer> masterRanks, boolean keepsStretches) {
        this.network = network;
        this.keepsStretches = keepsStretches;
        int ranks = network.processes();
        this.masters = new BitSet(ranks);
        masterRanks.forEach(masters::set);
        this.path = new long[ranks][PathPart.COUNT];
        this.clock = new long[ranks];
        this.lateSender = new long[ranks];
        this.lateReceiver = new long[ranks];
        this.collectives = new CollectiveWaits(ranks);
        this.queueWait = new long[ranks];
        this.before = new Stretches[keepsStretches ? ranks : 0];
        this.since = new long[keepsStretches ? ranks : 0];
    }

    @Override
    public void charged(Charge charge) {
        int rank = charge.rank();
        catchUp(rank, charge.startNanos());
        if (charge.kind() != Charge.Kind.COMPUTE) {
            collectives.acted(rank, charge.startNanos());
        }
        path[rank][part(charge).ordinal()] += charge.durationNanos();
        clock[rank] = charge.endNanos();
    }

    @Override
    public void sent(long sequence, int source, int tag, int context, int bytes, long sendNanos) {
        collectives.acted(source, sendNanos);
        inFlight.put(sequence, new InFlight(source, RankFact.isLibraryContext(context), bytes, sendNanos,
                path[source].clone(), stretchesUpToNow(source)));
    }

    @Override
    public void blocked(Blocking blocking) {
        int rank = blocking.rank();
        catchUp(rank, blocking.fromNanos());
        collectives.acted(rank, blocking.fromNanos());
        Continued from = blocking.synchronousSend() ? rendezvous.remove(blocking.sequence()) : arrivedPath(blocking);
        if (from == null) {
            path[rank][PathPart.WAIT.ordinal()] += blocking.durationNanos(); // nothing known of what held it up
        } else {
            path[rank] = from.path();
            if (keepsStretches) {
                before[rank] = from.stretches();
                since[rank] = blocking.untilNanos();
            }
        }
        clock[rank] = blocking.untilNanos();
    }

    @Override
    public void messageReceived(MessageRecord message) {
        inFlight.remove(message.sequence());
        collectives.acted(message.destination(), message.receiveStartNanos());
        queueWait[message.destination()] += message.queueWaitNanos();
        if (message.synchronous()) {
            lateReceiver[message.source()] += message.queueWaitNanos();
            int receiver = message.destination();
            long[] atStart = path[receiver].clone();
            atStart[receiveOverhead(receiver).ordinal()] -= message.receiveEndNanos() - message.receiveStartNanos();
            Stretches stretches = keepsStretches
                    ? new Stretches(new PathStretch(receiver, since[receiver], message.receiveStartNanos()), before[receiver]) : null;
            rendezvous.put(message.sequence(), new Continued(atStart, stretches));
        }
    }

    /**
     * A receive or probe that blocked until its message arrived: the late-sender part of the block (before the
     * message was sent) counts as a wait state, and the path continues from the sender's through the network.
     */
    private Continued arrivedPath(Blocking blocking) {
        InFlight message = inFlight.get(blocking.sequence()); // a probe leaves it for the receive that follows
        if (message == null) {
            return null;
        }
        long late = Math.min(message.sendNanos(), blocking.untilNanos()) - blocking.fromNanos();
        if (late > 0 && !message.collective()) { // a collective's own messages: CollectiveWaits
            lateSender[blocking.rank()] += late;
        }
        long[] arrived = message.path().clone();
        long departed = total(arrived);
        long travel = blocking.untilNanos() - departed;
        long own = Math.min(travel, network.wireNanos(message.bytes()));
        arrived[PathPart.NETWORK.ordinal()] += own;
        arrived[PathPart.WAIT.ordinal()] += travel - own;
        return new Continued(arrived, message.stretches());
    }

    /** The rank's path's stretches up to its clock now; null when they are not kept. */
    private Stretches stretchesUpToNow(int rank) {
        return keepsStretches ? new Stretches(new PathStretch(rank, since[rank], clock[rank]), before[rank]) : null;
    }

    /** Time the rank's clock moved that no report explains (none from the kernel) is waiting on the path. */
    private void catchUp(int rank, long nanos) {
        if (nanos > clock[rank]) {
            path[rank][PathPart.WAIT.ordinal()] += nanos - clock[rank];
            clock[rank] = nanos;
        }
    }

    private PathPart part(Charge charge) {
        boolean master = masters.get(charge.rank());
        return switch (charge.kind()) {
            case COMPUTE -> master ? PathPart.MASTER_COMPUTE : PathPart.OTHER_COMPUTE;
            case SEND -> master ? PathPart.MASTER_SEND_OVERHEAD : PathPart.OTHER_SEND_OVERHEAD;
            case RECV -> receiveOverhead(charge.rank());
        };
    }

    private PathPart receiveOverhead(int rank) {
        return masters.get(rank) ? PathPart.MASTER_RECEIVE_OVERHEAD : PathPart.OTHER_RECEIVE_OVERHEAD;
    }

    private static long total(long[] parts) {
        long sum = 0;
        for (long part : parts) {
            sum += part;
        }
        return sum;
    }

    @Override
    public void collectiveEntered(RankFact.Collective call) {
        collectives.entered(call, clock[call.rank()]);
    }

    /** Every rank's wait states so far (final once the run is over). */
    public List<RankWaitStates> waitStates() {
        List<RankWaitStates> states = new ArrayList<>(clock.length);
        long[] collectiveWait = collectives.waitNanos();
        for (int rank = 0; rank < clock.length; rank++) {
            states.add(new RankWaitStates(rank, lateSender[rank], lateReceiver[rank], collectiveWait[rank], queueWait[rank]));
        }
        return states;
    }

    /** The wait states and the critical path of a run whose every clock movement was reported (a simulated one). */
    public RunBounds bounds() {
        return bounds(clock.clone());
    }

    /** The wait states and the critical path of the run the kernel accounted for in `result` (final once it is over). */
    public RunBounds bounds(RunResult result) {
        return bounds(result.ranks().stream().mapToLong(RankAccount::finalClockNanos).toArray());
    }

    private RunBounds bounds(long[] finalClocks) {
        CriticalPath path = criticalPath(finalClocks);
        return new RunBounds(waitStates(), path, criticalStretches());
    }

    /**
     * The critical path of the run whose ranks ended at `finalClocks`: the chain ending at the latest (the lowest such
     * rank), its time after the last report waiting, so that its parts add up to the predicted time.
     */
    public CriticalPath criticalPath(long[] finalClocks) {
        int end = 0;
        for (int rank = 1; rank < finalClocks.length; rank++) {
            if (finalClocks[rank] > finalClocks[end]) {
                end = rank;
            }
        }
        if (finalClocks.length == 0) {
            return new CriticalPath(0, masters.cardinality(), new long[PathPart.COUNT]);
        }
        catchUp(end, finalClocks[end]);
        criticalEnd = end;
        return new CriticalPath(end, masters.cardinality(), path[end]);
    }

    /**
     * The stretches of the critical path last computed ({@link #bounds}), in time order, for the OTF2 archive to mark;
     * empty when they were not kept. Stretches of no length (a rank the path only passed through) are left out.
     */
    public List<PathStretch> criticalStretches() {
        if (!keepsStretches || criticalEnd < 0) {
            return List.of();
        }
        List<PathStretch> stretches = new ArrayList<>();
        for (Stretches s = stretchesUpToNow(criticalEnd); s != null; s = s.before()) {
            if (s.last().untilNanos() > s.last().fromNanos()) {
                stretches.add(s.last());
            }
        }
        java.util.Collections.reverse(stretches);
        return stretches;
    }
}
