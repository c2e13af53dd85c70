package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Farms on communicators, emulated with a deterministic task cost (comm-farm.c, which makes a duplicate of the world in
 * every mode, so the runs compared differ only in where the farm runs). A communicator is a context, not another
 * network: a farm on a duplicate of the world sends the same messages between the same ranks as on the world and must
 * predict the same time to the nanosecond; two farms on the halves of a split world of 8 proceed in parallel, each
 * through its own master's interface, and must predict what one farm on a world of 4 does, within 5% (the receive
 * overhead's P is the job's 8, not the farm's 4, and the split costs more than no split).
 */
class CommunicatorFarmsIT {

    private static final String COST = "fixed:2ms";

    @TempDir
    Path tmp;

    @Test
    void aFarmOnADuplicateOfTheWorldPredictsWhatItPredictsOnTheWorld() throws Exception {
        Path farm = ForeignRuns.compile("comm-farm", tmp);
        double world = predicted(farm, 4, "world", "48");
        double dup = predicted(farm, 4, "dup", "48");
        assertEquals(Math.round(world * 1e9), Math.round(dup * 1e9), "world " + world + " s, dup " + dup + " s");
    }

    /** MPI_Cart_create is charged as a creation over every rank, as MPI_Comm_dup is: the same farm predicts the same. */
    @Test
    void aFarmOnACartesianCommunicatorPredictsWhatItPredictsOnADuplicate() throws Exception {
        Path farm = ForeignRuns.compile("comm-farm", tmp);
        double dup = predicted(farm, 4, "dup", "48");
        double cart = predicted(farm, 4, "cart", "48");
        assertEquals(Math.round(dup * 1e9), Math.round(cart * 1e9), "dup " + dup + " s, cart " + cart + " s");
    }

    @Test
    void twoFarmsOnTheHalvesOfASplitWorldOfEightPredictOneFarmOnAWorldOfFour() throws Exception {
        Path farm = ForeignRuns.compile("comm-farm", tmp);
        double four = predicted(farm, 4, "world", "48");
        double halves = predicted(farm, 8, "split", "48");
        assertTrue(Math.abs(halves - four) <= 0.05 * four, "two halves of 8: " + halves + " s, one world of 4: " + four
                + " s");
    }

    private double predicted(Path farm, int np, String mode, String tasks) throws Exception {
        Path out = tmp.resolve(mode + "-" + np);
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", Integer.toString(np), "--task-cost", COST,
                "--timeline", "off", "--quiet", "--out", out.toString(), "--", farm.toString(), mode, tasks));
        assertEquals(0, r.exit(), r.output());
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        return ((Number) summary.get("predictedSeconds")).doubleValue();
    }
}
