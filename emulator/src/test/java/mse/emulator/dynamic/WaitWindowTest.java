package mse.emulator.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The window's answers from its counts are those of the upper median of exactly the last W samples since
 * the last clear, sorted, compared with its two thresholds: repeated values, samples equal to a threshold, an empty
 * window and clears included.
 */
class WaitWindowTest {

    @Test
    void answersAreThoseOfTheLastSamplesSortedMedian() {
        SplittableRandom random = new SplittableRandom(45);
        long[][] thresholds = {{10, 5}, {10, 10}, {0, -1}, {-1, 20}, {500_000_000L, 7}, {400_000, 0}};
        for (int size : new int[] {1, 2, 3, 7, 63}) {
            for (long[] limits : thresholds) {
                long high = limits[0];
                long low = limits[1];
                WaitWindow window = new WaitWindow(size, high, low);
                ArrayDeque<Long> last = new ArrayDeque<>();
                for (int i = 0; i < 5_000; i++) {
                    if (random.nextInt(200) == 0) {
                        window.clear();
                        last.clear();
                        assertEquals(0 > high, window.medianAbove());
                        assertEquals(0 < low, window.medianBelow());
                    }
                    long sample = random.nextBoolean() ? random.nextLong(-1, 20) : random.nextLong(1_000_000_000L);
                    window.add(sample);
                    last.addLast(sample);
                    if (last.size() > size) {
                        last.pollFirst();
                    }
                    long[] sorted = last.stream().mapToLong(Long::longValue).sorted().toArray();
                    long median = sorted[sorted.length / 2];
                    String where = "window " + size + ", high " + high + ", low " + low + ", after " + i + ": " + Arrays.toString(sorted);
                    assertEquals(median > high, window.medianAbove(), where);
                    assertEquals(median < low, window.medianBelow(), where);
                    assertEquals(last.size() == size, window.full());
                }
            }
        }
    }
}
