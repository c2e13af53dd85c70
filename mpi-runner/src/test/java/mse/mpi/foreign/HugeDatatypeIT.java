package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A datatype of 3 GiB sent once (mpi-runner/src/test/c/huge-datatype.c): MPI_Type_size's int cannot say its size, and
 * the wire carries messages up to 2 GiB - 1 bytes, so the emulated run must end with one line naming the call and
 * the size (MPI_Type_size_x), not die inside Open MPI's MPI_Pack. Point-to-point sends and the collectives' blocks
 * take different paths through the library (p2p.c, scatter_gather.c); one of each.
 */
class HugeDatatypeIT {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"send", "gather"})
    void aMessageOf3GiBEndsTheRunNamingTheCallAndItsSize(String call) throws Exception {
        Path program = ForeignRuns.compile("huge-datatype", tmp);
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("run").toString(), "--", program.toString(), call), 120);
        assertNotEquals(0, r.exit(), r.output());
        // In a gather every rank contributes a 3 GiB block, so whichever rank checks first ends the run.
        String ranks = call.equals("gather") ? "[01]" : "0";
        String line = "mse-pmpi: rank " + ranks + ": MPI_" + call.substring(0, 1).toUpperCase() + call.substring(1)
                + " of 3221225472 bytes \\(1 x 3221225472\\): MSE emulates messages up to 2 GiB - 1 bytes";
        assertTrue(Pattern.compile(line).matcher(r.output()).find(), r.output());
        assertFalse(r.output().contains("MPI_Pack"), r.output());
    }
}
