package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The collectives' argument check: the n-th collective of every rank compared as it arrives (CollectiveCalls). */
class CollectiveCallsTest {

    private static RankFact.Collective bcast(int rank, int root, long bytes) {
        return new RankFact.Collective(rank, "MPI_Bcast", 0, root, bytes, -1);
    }

    @Test
    void agreeingCallsCostNothingAndEndNothing() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        List<EmulatorReply> replies = feed(kernel, bcast(0, 0, 16), bcast(1, 0, 16), bcast(2, 0, 16), bcast(2, 1, 8),
                bcast(0, 1, 8));
        assertTrue(replies.isEmpty(), replies.toString());
        assertEquals(new RunOutcome.Running(), kernel.outcome());
    }

    @Test
    void aCountThatDiffersEndsTheRunNamingTheCollectiveTheRanksAndTheSizes() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        feed(kernel, bcast(0, 0, 16), bcast(1, 0, 16), bcast(0, 0, 16));
        List<EmulatorReply> replies = feed(kernel, bcast(2, 0, 16), bcast(1, 0, 32));
        RunOutcome.Failed failed = assertInstanceOf(RunOutcome.Failed.class, kernel.outcome());
        assertEquals("rank 1 failed: MPI_Bcast (collective 2 on MPI_COMM_WORLD) with 32 bytes and 16 bytes at rank 1 "
                + "and rank 0 (count times the type's size)", failed.reason());
        assertEquals(List.of(0, 1, 2), replies.stream().filter(EmulatorReply.Abort.class::isInstance)
                .map(EmulatorReply::rank).toList(), "every rank aborted, the one that showed it too");
    }

    @Test
    void rootsOperationsAndCallsAreComparedToo() {
        VirtualTimeKernel roots = Fixtures.kernel(2);
        feed(roots, bcast(0, 0, 4), bcast(1, 1, 4));
        assertTrue(roots.outcome().reason().endsWith("MPI_Bcast (collective 1 on MPI_COMM_WORLD) with root 1 and root 0 "
                + "at rank 1 and rank 0"), roots.outcome().reason());

        VirtualTimeKernel ops = Fixtures.kernel(2);
        feed(ops, new RankFact.Collective(1, "MPI_Reduce", 0, 0, 8, 3), new RankFact.Collective(0, "MPI_Reduce", 0, 0, 8, 4));
        assertTrue(ops.outcome().reason().contains("with operation MPI_PROD and operation MPI_SUM at rank 0 and rank 1"),
                ops.outcome().reason());

        VirtualTimeKernel users = Fixtures.kernel(2);
        feed(users, new RankFact.Collective(1, "MPI_Allreduce", 0, -1, 8, 16),
                new RankFact.Collective(0, "MPI_Allreduce", 0, -1, 8, 1));
        assertTrue(users.outcome().reason().contains("with operation MPI_MAX and a user operation (Fortran handle 16) at "
                + "rank 0 and rank 1"), users.outcome().reason());

        VirtualTimeKernel calls = Fixtures.kernel(2);
        feed(calls, bcast(0, 0, 4), new RankFact.Collective(1, "MPI_Barrier", 0, -1, 0, -1));
        assertTrue(calls.outcome().reason().endsWith("the ranks called different collectives (collective 1 on "
                + "MPI_COMM_WORLD): MPI_Barrier at rank 1, MPI_Bcast at rank 0"), calls.outcome().reason());
    }

    /**
     * The halves of a split world may get the same id (each agrees on its own): told apart by their first member, each
     * half's collectives are compared among its own members only, and a difference inside one half is still caught.
     */
    @Test
    void communicatorsSharingAnIdAreComparedEachAmongItsOwnMembers() {
        VirtualTimeKernel kernel = Fixtures.kernel(4);
        feed(kernel, new RankFact.Collective(0, "MPI_Bcast", 2, 0, 2, 0, 4, -1),
                new RankFact.Collective(1, "MPI_Bcast", 2, 1, 2, 1, 8, -1),
                new RankFact.Collective(2, "MPI_Bcast", 2, 0, 2, 0, 4, -1),
                new RankFact.Collective(3, "MPI_Bcast", 2, 1, 2, 1, 8, -1));
        assertEquals(new RunOutcome.Running(), kernel.outcome());
        feed(kernel, new RankFact.Collective(1, "MPI_Barrier", 2, 1, 2, -1, 0, -1),
                new RankFact.Collective(3, "MPI_Bcast", 2, 1, 2, 0, 4, -1));
        assertTrue(kernel.outcome().reason().endsWith("the ranks called different collectives (collective 2 on "
                + "communicator 2): MPI_Bcast at rank 3, MPI_Barrier at rank 1"), kernel.outcome().reason());
    }

    /** The check is no message: a blocked rank's collective is compared at once, and its messages still flow. */
    @Test
    void aBlockedRanksCollectiveIsComparedAtOnce() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, receive(1, 0, 32760), bcast(1, 0, 4), bcast(0, 0, 4), send(0, 1, 32760, 4));
        assertEquals(new RunOutcome.Running(), kernel.outcome());
        feed(kernel, bcast(0, 0, 4), receive(1, 0, 32760), bcast(1, 0, 8));
        assertInstanceOf(RunOutcome.Failed.class, kernel.outcome());
    }

    private static RankFact.Blocks blocks(int rank, long[] sends, long[] receives) {
        return new RankFact.Blocks(rank, rank, 0, java.util.Arrays.stream(sends).boxed().toList(),
                java.util.Arrays.stream(receives).boxed().toList());
    }

    private static RankFact.Collective gatherv(int rank) {
        return new RankFact.Collective(rank, "MPI_Gatherv", 0, 0, -1, -1);
    }

    /**
     * A v collective's blocks differ between ranks and must: each pair is compared (what one sends the other, what that
     * one expects from it), never the ranks' own sizes with each other.
     */
    @Test
    void aVCollectiveComparesEachPairOfRanks() {
        VirtualTimeKernel agreeing = Fixtures.kernel(3);
        feed(agreeing, gatherv(1), blocks(1, new long[] {4, -1, -1}, new long[] {-1, -1, -1}),
                gatherv(0), blocks(0, new long[] {0, -1, -1}, new long[] {0, 4, 8}),
                gatherv(2), blocks(2, new long[] {8, -1, -1}, new long[] {-1, -1, -1}));
        assertEquals(new RunOutcome.Running(), agreeing.outcome());

        VirtualTimeKernel late = Fixtures.kernel(3);
        feed(late, gatherv(0), blocks(0, new long[] {0, -1, -1}, new long[] {0, 4, 8}), gatherv(1),
                blocks(1, new long[] {4, -1, -1}, new long[] {-1, -1, -1}), gatherv(2));
        List<EmulatorReply> replies = feed(late, blocks(2, new long[] {16, -1, -1}, new long[] {-1, -1, -1}));
        assertEquals("rank 2 failed: MPI_Gatherv (collective 1 on MPI_COMM_WORLD): rank 2 sends 16 bytes to rank 0, which "
                + "expects 8 bytes from it (counts times the types' sizes)", late.outcome().reason());
        assertEquals(3, replies.stream().filter(EmulatorReply.Abort.class::isInstance).count());

        VirtualTimeKernel rootLast = Fixtures.kernel(2);
        feed(rootLast, new RankFact.Collective(1, "MPI_Scatterv", 0, 0, -1, -1), blocks(1, new long[] {-1, -1},
                new long[] {12, -1}), new RankFact.Collective(0, "MPI_Scatterv", 0, 0, -1, -1),
                blocks(0, new long[] {4, 8}, new long[] {4, -1}));
        assertEquals("rank 0 failed: MPI_Scatterv (collective 1 on MPI_COMM_WORLD): rank 0 sends 8 bytes to rank 1, which "
                + "expects 12 bytes from it (counts times the types' sizes)", rootLast.outcome().reason());
    }
}
