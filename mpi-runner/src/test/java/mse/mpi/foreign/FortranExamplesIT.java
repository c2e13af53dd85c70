package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Fortran examples of examples/fortran (built by ./run.sh), unmodified, through the library's Fortran entry
 * points (docs/fortran.md), `use mpi_f08`'s too: emulated they print what they print plainly; the Fortran task-done
 * farm and its C twin, and the row farm and its `use mpi_f08` twin, predict the same to the bit in a deterministic
 * mode; refused calls end the run naming themselves in either binding.
 */
class FortranExamplesIT {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"row-farm", "row-farm-f08", "bcast-reduce", "task-done-farm"})
    void anExamplePrintsTheSameEmulatedAsPlain(String example) throws Exception {
        String program = example(example).toString();
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(4, List.of(program)).arguments(), Map.of(), 300);
        assertEquals(0, plain.exit(), plain.output());
        Path out = tmp.resolve(example);
        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", "4", "--quiet", "--out", out.toString(), "--", program));
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(!plain.stdout().isBlank() && emulated.stdout().startsWith(plain.stdout()),
                "emulated:\n" + emulated.stdout() + "\nplain:\n" + plain.stdout());
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        assertEquals(List.of(program), s.get("program"));
        assertTrue(((Number) s.get("predictedSeconds")).doubleValue() > 0, s.toString());
        assertEquals(4, ((List<?>) s.get("ranks")).size());
    }

    /**
     * Every emulated call through its Fortran entry (every-call: `use mpi`; every-call-f08: `use mpi_f08`), each result
     * checked by the program: the same line both ways.
     */
    @ParameterizedTest(name = "{0} np {1}")
    @CsvSource({"every-call, 2", "every-call, 5", "every-call-f08, 2", "every-call-f08, 5"})
    void everyFortranEntryGivesWhatOpenMpiGives(String program, int np) throws Exception {
        Path everyCall = compile(program);
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(np, List.of(everyCall.toString())).arguments(), Map.of(), 300);
        assertEquals(0, plain.exit(), plain.output());
        assertTrue(plain.stdout().startsWith(program + " np=" + np + " checks passed="), plain.output());
        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", String.valueOf(np), "--quiet", "--timeline", "off",
                "--out", tmp.resolve(program + "-results").toString(), "--", everyCall.toString()));
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(emulated.stdout().startsWith(plain.stdout()), "emulated:\n" + emulated.stdout() + "\nplain:\n" + plain.stdout());
    }

    /** The same messages (sizes, tags, order) and the same MSE_Task_done calls: the same prediction, bit for bit. */
    @Test
    void theFortranTaskDoneFarmAndItsCTwinPredictTheSameToTheBit() throws Exception {
        assertTwinsPredictTheSame(example("task-done-farm"), ForeignRuns.example("task-done-farm"), "48", "20000");
    }

    /**
     * The row farm on `use mpi_f08` and on `use mpi`: the same messages and the same MSE_Task_done calls through the
     * other binding's entries, so the same prediction to the nanosecond and the same breakdown.
     */
    @Test
    void theRowFarmOnMpiF08PredictsWhatTheRowFarmOnUseMpiPredicts() throws Exception {
        assertTwinsPredictTheSame(example("row-farm-f08"), example("row-farm"), "48", "80", "300");
    }

    /** Two programs run with the same arguments and a deterministic task cost: the same line, the same prediction. */
    private void assertTwinsPredictTheSame(Path program, Path twin, String... arguments) throws Exception {
        Path out = tmp.resolve("program");
        Path twinOut = tmp.resolve("twin");
        ForeignRuns.Result p = deterministic(program, out, arguments);
        ForeignRuns.Result t = deterministic(twin, twinOut, arguments);
        assertEquals(t.stdout().lines().findFirst(), p.stdout().lines().findFirst(), "the same farm: the same line");
        Map<String, Object> sp = JsonFile.read(out.resolve("summary.json"));
        Map<String, Object> st = JsonFile.read(twinOut.resolve("summary.json"));
        assertEquals(st.get("predictedSeconds"), sp.get("predictedSeconds"));
        assertEquals(st.get("breakdown"), sp.get("breakdown"));
        assertEquals(st.get("tasks"), sp.get("tasks"));
        assertEquals(Files.readAllLines(twinOut.resolve("breakdown.csv")), Files.readAllLines(out.resolve("breakdown.csv")));
    }

    private static ForeignRuns.Result deterministic(Path program, Path out, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("emulate", "--np", "4", "--task-cost", "per-iteration:10us",
                "--timeline", "off", "--quiet", "--out", out.toString(), "--", program.toString()));
        command.addAll(List.of(arguments));
        ForeignRuns.Result r = ForeignRuns.mse(command);
        assertEquals(0, r.exit(), r.output());
        return r;
    }

    @Test
    void aRefusedFortranCallEndsTheRunNamingTheCallAndTheRank() throws Exception {
        Path refuses = compile("refuses");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("refused").toString(), "--", refuses.toString()));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("MPI_COMM_SPAWN is not emulated by MSE: dynamic processes") && r.output().contains("rank 1"), r.output());
    }

    @Test
    void aRefusedCallOnMpiF08EndsTheRunNamingTheCallAndTheRank() throws Exception {
        Path f08 = compile("f08");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("f08-results").toString(), "--", f08.toString()));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("MPI_WIN_FENCE is not emulated by MSE: one-sided communication") && r.output().contains("rank 1"), r.output());
    }

    /** An example of examples/fortran, as ./run.sh builds it. */
    private static Path example(String name) {
        Path built = ForeignRuns.ROOT.resolve("examples/fortran/build").resolve(name);
        assertTrue(Files.isExecutable(built), built + " is not built (./run.sh test builds examples/fortran first)");
        return built;
    }

    /** Compiles mpi-runner/src/test/fortran/NAME.f90 with mpifort into the test's directory. */
    private Path compile(String name) throws Exception {
        Path source = ForeignRuns.ROOT.resolve("mpi-runner/src/test/fortran/" + name + ".f90");
        Path executable = tmp.resolve(name);
        ForeignRuns.Result made = ForeignRuns.run(List.of("mpifort", "-Wall", "-Werror", "-O2", "-J", tmp.toString(),
                "-o", executable.toString(), source.toString()), Map.of(), 120);
        assertEquals(0, made.exit(), "mpifort " + source + ": " + made.output());
        return executable;
    }
}
