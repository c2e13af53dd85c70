package mse.emulator.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The window's median, kept sorted as samples come and go (issue 45), is the upper median of exactly the last W
 * samples since the last clear, repeated values and clears included.
 */
class WaitWindowTest {

    @Test
    void medianIsThatOfTheLastSamplesSorted() {
        SplittableRandom random = new SplittableRandom(45);
        for (int size : new int[] {1, 2, 3, 7, 63}) {
            WaitWindow window = new WaitWindow(size);
            ArrayDeque<Long> last = new ArrayDeque<>();
            for (int i = 0; i < 5_000; i++) {
                if (random.nextInt(200) == 0) {
                    window.clear();
                    last.clear();
                }
                long sample = random.nextBoolean() ? random.nextLong(-1, 20) : random.nextLong(1_000_000_000L);
                window.add(sample);
                last.addLast(sample);
                if (last.size() > size) {
                    last.pollFirst();
                }
                long[] sorted = last.stream().mapToLong(Long::longValue).sorted().toArray();
                assertEquals(sorted[sorted.length / 2], window.medianNanos(), "window " + size + " after " + i + ": " + Arrays.toString(sorted));
                assertEquals(last.size() == size, window.full());
            }
        }
    }
}
