package mse.emulator.partial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Sampling, interpolation, bootstrap and the control set of seed 000, on data whose answers are known. */
class PartialExecutionMathTest {

    @Test
    void samplesIncludeBothEndsAndSpreadEvenly() {
        assertArrayEquals(new int[] {0, 3, 6, 9}, SamplePlan.evenlySpaced(4, 10)); // Fig. 1's tasks 1, 4, 7, 10
        assertArrayEquals(new int[] {0, 1, 2}, SamplePlan.evenlySpaced(10, 3));
        int[] big = SamplePlan.evenlySpaced(1024, 1 << 20);
        assertEquals(0, big[0]);
        assertEquals((1 << 20) - 1, big[1023]);
    }

    @Test
    void linearDataIsReproducedExactly() {
        int total = 1000;
        long[] truth = new long[total];
        for (int t = 0; t < total; t++) {
            truth[t] = 5_000 + 37L * t;
        }
        int[] at = SamplePlan.evenlySpaced(7, total);
        long[] measured = Arrays.stream(at).mapToLong(t -> truth[t]).toArray();
        assertArrayEquals(truth, LinearInterpolation.fill(at, measured, total));
    }

    @Test
    void piecewiseLinearBetweenMeasurementsAndFlatOutside() {
        long[] all = LinearInterpolation.fill(new int[] {2, 6}, new long[] {100, 300}, 9);
        assertArrayEquals(new long[] {100, 100, 100, 150, 200, 250, 300, 300, 300}, all);
    }

    @Test
    void bootstrapIntervalShrinksAsTheSampleGrows() {
        SplittableRandom random = new SplittableRandom(7);
        long[] measured = new long[65_536];
        for (int i = 0; i < measured.length; i++) {
            measured[i] = random.nextInt(10) == 0 ? random.nextLong(100_000, 2_000_000) : random.nextLong(1_000, 20_000);
        }
        List<ErrorInterval> table = Bootstrap.paper(1).table(measured);
        assertEquals(List.of(4, 16, 64, 256, 1024, 4096, 16384, 65536), table.stream().map(ErrorInterval::n).toList());
        for (int i = 0; i < table.size(); i++) {
            ErrorInterval row = table.get(i);
            assertTrue(row.minPercent() <= 0 && row.maxPercent() >= 0, row.toString());
            if (i >= 2) {
                double wider = table.get(i - 2).maxPercent() - table.get(i - 2).minPercent();
                assertTrue(row.maxPercent() - row.minPercent() < wider, "n=" + row.n() + " not narrower than n/16");
            }
        }
        assertTrue(table.get(table.size() - 1).within(5.0));
        assertTrue(!table.get(0).within(10.0));
    }

    @Test
    void controlSetKeepsTheSizesAndChangesTheOrder() {
        long[] costs = new long[1000];
        for (int i = 0; i < costs.length; i++) {
            costs[i] = i * 3L;
        }
        long[] random = ControlSet.shuffled(costs, 42);
        long[] sorted = random.clone();
        Arrays.sort(sorted);
        assertArrayEquals(costs, sorted);
        assertTrue(!Arrays.equals(costs, random));
        assertArrayEquals(random, ControlSet.shuffled(costs, 42));
    }
}
