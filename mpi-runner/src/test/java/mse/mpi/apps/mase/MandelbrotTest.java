package mse.mpi.apps.mase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MandelbrotTest {

    @Test
    void pointsInsideTheSetRunToTheLimit() {
        assertEquals(1000, Mandelbrot.escapeCount(0, 0, 1000));
        assertEquals(1000, Mandelbrot.escapeCount(-1, 0, 1000)); // period-2 cycle 0, -1, 0, ...
        assertEquals(1000, Mandelbrot.escapeCount(0, 1, 1000)); // i: pre-periodic, bounded
        assertEquals(1000, Mandelbrot.escapeCount(-2, 0, 1000)); // |z| stays exactly 2: the test is <= 4
    }

    @Test
    void escapeCountsByHand() {
        // c = 1: z = 1, 2, 5; |5|^2 > 4 after the third step.
        assertEquals(3, Mandelbrot.escapeCount(1, 0, 1000));
        // c = 2: z = 2, 6.
        assertEquals(2, Mandelbrot.escapeCount(2, 0, 1000));
        // c = 3: z = 3 already escapes after one step.
        assertEquals(1, Mandelbrot.escapeCount(3, 0, 1000));
        // c = 1 + i: z = 1+i, 1+3i.
        assertEquals(2, Mandelbrot.escapeCount(1, 1, 1000));
    }

    @Test
    void pixelCentresFollowTheIssueFormula() {
        ImageSpec spec = new ImageSpec(4, 2, -2, 2, -1, 1, 10);
        assertEquals(-1.5, spec.re(0));
        assertEquals(1.5, spec.re(3));
        assertEquals(0.5, spec.im(0)); // row 0 is the top
        assertEquals(-0.5, spec.im(1));
        assertEquals(Mandelbrot.escapeCount(spec.re(1), spec.im(1), 10), spec.count(5));
    }
}
