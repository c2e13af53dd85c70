package mse.emulator.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The heap's packed keys give (reach, rank) order: random offers, polls and requeues of the head, with
 * many equal reaches and reaches at the edge of what a P leaves, against a sorted set; a reach beyond it is refused.
 */
class ResultQueueTest {

    @Test
    void headIsTheLeastReachThenRank() {
        SplittableRandom random = new SplittableRandom(45);
        for (int ranks : new int[] {1, 2, 3, 64, 65, 1024}) {
            long[] reach = new long[ranks];
            long limit = Long.MAX_VALUE >> (32 - Integer.numberOfLeadingZeros(Math.max(1, ranks - 1)));
            ResultQueue queue = new ResultQueue(ranks, reach);
            TreeSet<Integer> expected = new TreeSet<>(Comparator.<Integer>comparingLong(r -> reach[r]).thenComparingInt(r -> r));
            for (int step = 0; step < 20_000; step++) {
                int action = random.nextInt(3);
                if (action == 0 && expected.size() < ranks) {
                    int rank = random.nextInt(ranks);
                    if (!expected.contains(rank)) {
                        reach[rank] = draw(random, limit);
                        queue.offer(rank);
                        expected.add(rank);
                    }
                } else if (action == 1 && !expected.isEmpty()) {
                    assertEquals(expected.pollFirst(), queue.peek());
                    queue.poll();
                } else if (!expected.isEmpty()) {
                    int head = expected.pollFirst();
                    assertEquals(head, queue.peek());
                    reach[head] = draw(random, limit);
                    queue.requeueHead();
                    expected.add(head);
                }
                assertEquals(expected.isEmpty(), queue.isEmpty());
                if (!expected.isEmpty()) {
                    assertEquals(expected.first(), queue.peek(), ranks + " ranks, step " + step);
                }
            }
        }
    }

    @Test
    void aReachBeyondTheKeysBitsIsRefused() {
        long[] reach = new long[64];
        ResultQueue queue = new ResultQueue(64, reach);
        reach[3] = Long.MAX_VALUE >> 6;
        queue.offer(3);
        reach[5] = (Long.MAX_VALUE >> 6) + 1;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> queue.offer(5));
        assertTrue(e.getMessage().contains("rank 5"), e.getMessage());
    }

    /** Few distinct small values (ties), any value, or one at the limit. */
    private static long draw(SplittableRandom random, long limit) {
        return switch (random.nextInt(3)) {
            case 0 -> random.nextLong(5);
            case 1 -> random.nextLong(limit + 1);
            default -> limit - random.nextLong(3);
        };
    }
}
