package mse.emulator.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.LongStream;
import mse.cluster.profiles.NetworkProfile;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;

/**
 * Feeds a kernel the facts the test's ranks have queued, in a random interleaving (or rank order when no Random
 * is given); each rank's own facts stay in program order, as the actor shell guarantees. After every fact it
 * checks that no rank's clock went back, and that each rank's answers (grants, polls) come at non-decreasing times.
 */
final class FactInterleaver {

    final List<MessageRecord> messages = new ArrayList<>();
    private final VirtualTimeKernel kernel;
    private final Random interleaving;
    private final List<Deque<RankFact>> outboxes = new ArrayList<>();
    private final long[] factsQueued;
    private final long[] lastClock;
    private final long[] lastGrant;
    private long sent;
    private RunResult result;
    private Consumer<VirtualTimeKernel> afterEachFact = kernel -> { };

    FactInterleaver(NetworkProfile network, int processes, Random interleaving) {
        this.kernel = new VirtualTimeKernel(new LogGpsModel(network, processes), new TargetCpu(1.0), messages::add);
        this.interleaving = interleaving;
        for (int rank = 0; rank < processes; rank++) {
            outboxes.add(new ArrayDeque<>());
        }
        factsQueued = new long[processes];
        lastClock = new long[processes];
        lastGrant = new long[processes];
    }

    /** Looks at the kernel after each fact and the answers it gave (which may queue more facts). */
    void afterEachFact(Consumer<VirtualTimeKernel> check) {
        afterEachFact = check;
    }

    void queue(RankFact fact) {
        outboxes.get(fact.rank()).add(fact);
        if (!(fact instanceof RankFact.Progress)) {
            factsQueued[fact.rank()]++;
        }
    }

    /** Facts other than heartbeats the rank has queued so far (a heartbeat's factsBefore). */
    long factsQueued(int rank) {
        return factsQueued[rank];
    }

    /** Messages sent so far. */
    long sent() {
        return sent;
    }

    /** Plays every queued fact (and those onGrant queues) until none is left; the run must complete. */
    RunResult play(Consumer<EmulatorReply.Grant> onGrant) {
        return playAnswers(answer -> {
            assertTrue(answer instanceof EmulatorReply.Grant, "unexpected " + answer);
            onGrant.accept((EmulatorReply.Grant) answer);
        });
    }

    /** The same for programs that poll: onAnswer gets each Grant and each NothingArrived. */
    RunResult playAnswers(Consumer<EmulatorReply> onAnswer) {
        List<Integer> ready = new ArrayList<>();
        while (true) {
            ready.clear();
            for (int rank = 0; rank < outboxes.size(); rank++) {
                if (!outboxes.get(rank).isEmpty()) {
                    ready.add(rank);
                }
            }
            if (ready.isEmpty()) {
                break;
            }
            int rank = interleaving == null ? ready.get(0) : ready.get(interleaving.nextInt(ready.size()));
            RankFact fact = outboxes.get(rank).poll();
            if (fact instanceof RankFact.Sent) {
                sent++;
            }
            for (EmulatorReply reply : kernel.accept(fact)) {
                long at;
                if (reply instanceof EmulatorReply.Grant grant) {
                    at = grant.virtualNanos();
                } else if (reply instanceof EmulatorReply.NothingArrived nothing) {
                    at = nothing.virtualNanos();
                } else {
                    assertTrue(reply instanceof EmulatorReply.ProgressRequest, "unexpected " + reply);
                    continue;
                }
                assertTrue(at >= lastGrant[reply.rank()], "answers to rank " + reply.rank() + " went back in time");
                lastGrant[reply.rank()] = at;
                onAnswer.accept(reply);
            }
            afterEachFact.accept(kernel);
            for (int r = 0; r < outboxes.size(); r++) {
                long now = kernel.clockOf(r);
                assertTrue(now >= lastClock[r], "rank " + r + "'s clock went back from " + lastClock[r] + " to " + now);
                lastClock[r] = now;
            }
        }
        assertEquals(new RunOutcome.Completed(), kernel.outcome());
        result = kernel.result();
        return result;
    }

    /** Every message sent was received exactly once: the kernel's sequence numbers 0..n-1, each once. */
    void assertEachMessageReceivedOnce() {
        List<Long> sequences = messages.stream().map(MessageRecord::sequence).sorted().toList();
        assertEquals(LongStream.range(0, sent).boxed().toList(), sequences, "each sent message received exactly once");
    }

    /**
     * The grant rule never lets a message pass the interface of a rank whose every receive is ANY_SOURCE before
     * one that should have passed first: the rank takes its messages in increasing interface order (reach =
     * departure + L, source, sequence) and at non-decreasing arrivals, and its link is busy max(g, kG) per
     * message (see {@link KernelInvariantsTest}).
     */
    void assertInterfaceOrderAt(int rank, LogGpsModel model) {
        Comparator<MessageRecord> interfaceOrder = Comparator.comparingLong(MessageRecord::departureNanos)
                .thenComparingInt(MessageRecord::source).thenComparingLong(MessageRecord::sequence);
        List<MessageRecord> at = messages.stream().filter(m -> m.destination() == rank).toList();
        for (int i = 1; i < at.size(); i++) {
            MessageRecord before = at.get(i - 1);
            MessageRecord after = at.get(i);
            assertTrue(interfaceOrder.compare(before, after) < 0, "rank " + rank + " took " + before + " before " + after);
            long passedBefore = before.arrivalNanos() - model.transferNanos(before.bytes());
            long passedAfter = after.arrivalNanos() - model.transferNanos(after.bytes());
            assertTrue(passedAfter >= passedBefore + model.interfaceNanos(before.bytes()),
                    "interface still busy with " + before + " when " + after + " passed");
            assertTrue(before.arrivalNanos() <= after.arrivalNanos());
        }
        long busy = at.stream().mapToLong(m -> model.interfaceNanos(m.bytes())).sum();
        assertEquals(busy, result.ranks().get(rank).linkBusyNanos());
    }

    /**
     * docs/architecture.md "Determinism": the program played in rank order and in two random interleavings gives the same
     * prediction, the same per-rank accounts and the same deliveries.
     */
    static void assertInterleavingChangesNothing(Function<Random, FactInterleaver> played, long seedA, long seedB) {
        FactInterleaver inOrder = played.apply(null);
        for (long seed : new long[] {seedA, seedB}) {
            FactInterleaver shuffled = played.apply(new Random(seed));
            assertEquals(inOrder.result, shuffled.result);
            assertEquals(inOrder.deliveries(), shuffled.deliveries());
        }
    }

    /** The deliveries as the program sees them (the kernel's sequence numbers follow fact arrival). */
    List<String> deliveries() {
        return messages.stream().map(m -> m.source() + ">" + m.destination() + " tag " + m.tag() + " " + m.bytes() + "B "
                + m.sendNanos() + "/" + m.arrivalNanos() + "/" + m.receiveStartNanos() + "/" + m.receiveEndNanos()).sorted().toList();
    }
}
