package mse.mpi.apps.ep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EpWorkloadTest {

    @Test
    void deviatesFollowTheGaussianAnnuli() {
        EpWorkload ep = new EpWorkload(8, 50_000, 1);
        for (int t = 0; t < ep.tasks(); t++) {
            ep.collect(t, ep.compute(ep.describe(t)).result());
        }
        long total = 0;
        for (int l = 0; l < EpWorkload.ANNULI; l++) {
            total += ep.annulusCount(l);
        }
        // The polar method accepts pi/4 of the pairs; each accepted pair is counted once.
        assertEquals(Math.PI / 4, total / (8.0 * 50_000), 0.01);
        // P(max(|X|,|Y|) < 1) = (2 Phi(1) - 1)^2 = 0.466 for independent standard normals.
        assertEquals(0.466, ep.annulusCount(0) / (double) total, 0.01);
        assertTrue(ep.annulusCount(5) < 5);
    }

    @Test
    void aTaskIsTheSameWhereverItRuns() {
        EpWorkload a = new EpWorkload(4, 1000, 9);
        EpWorkload b = new EpWorkload(4, 1000, 9);
        assertArrayEquals(a.compute(a.describe(3)).result(), b.compute(b.describe(3)).result());
        assertEquals(1000, a.compute(a.describe(0)).workUnits());
    }
}
