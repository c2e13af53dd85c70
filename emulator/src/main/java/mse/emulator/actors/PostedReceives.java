package mse.emulator.actors;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.VirtualTimeKernel;

/**
 * Per rank, the receives and probes it posted and what it was told ahead of them: the grant of a blocking receive
 * tells the rank its next match for the same pattern when the kernel has decided it already, and a master running
 * between receives is sent a Forecast of its next one, so such a receive takes its message without a round trip.
 */
final class PostedReceives {

    /**
     * A receive or probe the rank posted: whether it waits for its grant, and the pattern of a blocking receive
     * (null for a probe), for which the grant also tells the rank its next match when that is decided already
     * ({@link VirtualTimeKernel#decidedMatch}); a receive that used it comes without waiting, and its grant must
     * take that very message.
     */
    record Posted(boolean waits, MessagePattern pattern, EmulatorReply.Grant.Next expected) {

        /** Whether the grant settling a receive that did not wait took the message the rank took as told. */
        boolean tookAsTold(EmulatorReply reply) {
            return expected == null || reply instanceof EmulatorReply.Grant g
                    && g.source() == expected.source() && g.tag() == expected.tag() && g.bytes() == expected.bytes()
                    && g.context() == expected.context();
        }
    }

    /**
     * What a Grant told the rank its next receive of `pattern` takes, or a Forecast (pushed): a pushed one holds for
     * the receive even when the rank asked for it, since the ask crossed the Forecast on the wire.
     */
    private record Told(MessagePattern pattern, EmulatorReply.Grant.Next next, boolean pushed) {}

    private final VirtualTimeKernel kernel;
    /**
     * Per rank, its posted receives (and probes), oldest first: whether each waits for its grant. The kernel
     * settles a rank's receives in the order they were posted, so each Grant answers the head: a receive that
     * did not wait may still be unsettled when the rank posts one that does.
     */
    private final ArrayDeque<Posted>[] posted;
    /** Per rank, the decided next match a Grant told it of, for the pattern of that receive (null: none). */
    private final Told[] toldAhead;
    /**
     * Per rank, its blocking calls so far (receives, probes, polls and sends to itself), counted as the rank's
     * EmulatorLink counts them: what names the receive a Forecast is for.
     */
    private final long[] blockingCalls;
    /** Per rank that receives from anyone (a master), the pattern of its last such receive: what a Forecast is for. */
    private final Map<Integer, MessagePattern> anySourcePatterns = new TreeMap<>();

    PostedReceives(VirtualTimeKernel kernel, int np) {
        this.kernel = kernel;
        this.posted = newQueues(np);
        this.toldAhead = new Told[np];
        this.blockingCalls = new long[np];
    }

    /** Records a fact's blocking call; true when it shows the rank receiving from anyone, as a master does. */
    boolean observe(RankFact fact) {
        int rank = fact.rank();
        if (fact instanceof RankFact.Receive r) {
            blockingCalls[rank]++;
            MessagePattern pattern = r.pattern();
            Told told = toldAhead[rank];
            toldAhead[rank] = null; // good for the rank's next receive only
            boolean tookTold = told != null && told.pattern().equals(pattern) && (!r.needsAnswer() || told.pushed());
            posted[rank].add(new Posted(r.needsAnswer() && !tookTold, pattern, tookTold ? told.next() : null));
            if (r.source() == RankFact.ANY) {
                anySourcePatterns.put(rank, pattern);
                return true;
            }
        } else if (fact instanceof RankFact.Sent sent && sent.dst() == rank) {
            blockingCalls[rank]++;
            toldAhead[rank] = null; // it may pass before the message told of: the rank asks again (EmulatedComm)
        } else if (fact instanceof RankFact.Probe) {
            blockingCalls[rank]++;
            toldAhead[rank] = null;
            posted[rank].add(new Posted(true, null, null));
        } else if (fact instanceof RankFact.ProbeAny probe) {
            blockingCalls[rank]++;
            toldAhead[rank] = null;
            posted[rank].add(new Posted(true, null, null));
            return probe.patterns().stream().anyMatch(p -> p.source() == RankFact.ANY); // polls for anyone's requests
        }
        return false;
    }

    /** The rank's oldest posted receive or probe, which a Grant or NothingArrived settles (null when none). */
    Posted settle(int rank) {
        return posted[rank].poll();
    }

    /** A grant of a blocking receive tells the rank its next match for the same pattern, when that is decided. */
    EmulatorReply ahead(EmulatorReply reply, Posted receive) {
        if (!(reply instanceof EmulatorReply.Grant grant) || receive == null || receive.pattern() == null) {
            return reply;
        }
        EmulatorReply.Grant.Next next = kernel.decidedMatch(grant.rank(), receive.pattern()).orElse(null);
        toldAhead[grant.rank()] = next == null ? null : new Told(receive.pattern(), next, false);
        return grant.withNext(next);
    }

    /**
     * Tells each master what its next receive takes once that is decided while the master runs (a slave's result
     * came after the master's last grant): the Forecast waits on the master's socket, so its receive finds the
     * answer there instead of a round trip after it asks. Only for a master not told already, with no receive
     * outstanding; the kernel's forecast leaves the master's own next message out, which only a message to itself
     * could overtake, and that voids the Forecast on both sides.
     */
    void sendForecasts(RankConnections connections) {
        for (Map.Entry<Integer, MessagePattern> master : anySourcePatterns.entrySet()) {
            int rank = master.getKey();
            RankConnection connection = connections.of(rank);
            if (toldAhead[rank] != null || !posted[rank].isEmpty() || connection == null || !kernel.isRunning(rank)) {
                continue;
            }
            MessagePattern pattern = master.getValue();
            kernel.decidedMatch(rank, pattern).ifPresent(next -> {
                toldAhead[rank] = new Told(pattern, next, true);
                // Unasked: a connection that cannot take it is closing, and its disconnect ends the run.
                connection.send(new EmulatorReply.Forecast(rank, blockingCalls[rank], pattern, next));
            });
        }
    }

    @SuppressWarnings("unchecked")
    private static ArrayDeque<Posted>[] newQueues(int np) {
        ArrayDeque<Posted>[] queues = (ArrayDeque<Posted>[]) new ArrayDeque<?>[np];
        for (int r = 0; r < np; r++) {
            queues[r] = new ArrayDeque<>();
        }
        return queues;
    }
}
