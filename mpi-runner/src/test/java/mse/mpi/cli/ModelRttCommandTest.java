package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelRttCommandTest {

    @TempDir
    Path tmp;

    /**
     * By hand from seed 001 Table 2 (MSE row): one way = o_s + L + kG + o_r with
     * o_s = 12.1 + 0.182 P + 0.0708 k, o_r = 12.1 + 0.182 P + 0.0722 k, L = 50, G = 0.0268. For k = 1, P = 2:
     * 12.5348 + 50.0268 + 12.5362 = 75.0978 us one way, 150.1956 us there and back (Table 1 measured 144.0).
     * Each term is rounded to whole nanoseconds (12535, 50027, 12536), as the kernel charges it.
     */
    @Test
    @SuppressWarnings("unchecked")
    void table2RoundTripMatchesTheHandComputation() throws Exception {
        Path out = tmp.resolve("model");
        int code = Mse.commandLine().execute("model", "rtt", "--profile", "mpich-fast-ethernet", "--np", "2,16,64",
                "--size", "1", "--out", out.toString());
        assertEquals(0, code);
        List<Map<String, Object>> points = (List<Map<String, Object>>) JsonFile.read(out.resolve("summary.json")).get("points");
        assertEquals(3, points.size());
        double[] byHand = new double[3];
        int[] ps = {2, 16, 64};
        for (int i = 0; i < 3; i++) {
            double os = 12.1 + 0.182 * ps[i] + 0.0708;
            double or = 12.1 + 0.182 * ps[i] + 0.0722;
            byHand[i] = 2 * (os + 50.0 + 0.0268 + or);
        }
        assertEquals(150.1956, byHand[0], 1e-9);
        for (int i = 0; i < 3; i++) {
            assertEquals(ps[i], points.get(i).get("np"));
            assertEquals(1, ((Number) points.get(i).get("size")).intValue());
            assertEquals(byHand[i], ((Number) points.get(i).get("rttMicros")).doubleValue(), 0.004, "P = " + ps[i]);
        }
    }

    @Test
    void badSizeIsBadInput() {
        assertEquals(Mse.EXIT_BAD_INPUT, Mse.commandLine().execute("model", "rtt", "--size", "lots", "--out", tmp.toString()));
    }
}
