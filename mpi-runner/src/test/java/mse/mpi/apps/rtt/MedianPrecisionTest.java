package mse.mpi.apps.rtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MedianPrecisionTest {

    private static Histogram of(long... values) {
        Histogram h = new Histogram(60_000_000_000L, 3);
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void fewerThanTwentySamplesSayNothing() {
        assertEquals(Double.POSITIVE_INFINITY, MedianPrecision.of(of(100, 100, 100)));
    }

    @Test
    void timingsThatRepeatExactlyAreKnownToTheirBucketNotBetter() {
        long[] same = new long[200];
        java.util.Arrays.fill(same, 250_000);
        double precision = MedianPrecision.of(of(same));
        // 250,000 ns lies in a bucket 128 ns wide (three significant digits): the median is known to about 0.05%.
        assertEquals(128.0 / 250_000, precision, 1e-6); // the median reads as its bucket's highest value
        assertTrue(precision > 1e-9, "a precision finer than the histogram's is never reached");
    }

    @Test
    void aSpreadSampleIsKnownToItsConfidenceInterval() {
        long[] values = new long[400];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1000 + i;
        }
        // 400 samples: the interval runs between the percentiles 50 -+ 4.9, about 20 ranks either side of 1200.
        double precision = MedianPrecision.of(of(values));
        assertTrue(precision > 0.015 && precision < 0.02, "precision " + precision);
    }
}
