package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Fortran examples of examples/fortran (built by ./run.sh), unmodified, through the library's Fortran entry
 * points (docs/fortran.md): emulated they print what they print plainly; the Fortran task-done farm
 * and its C twin predict the same to the bit in a deterministic mode; refused calls and `use mpi_f08` end the run
 * naming themselves.
 */
class FortranExamplesIT {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"row-farm", "bcast-reduce", "task-done-farm"})
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

    /** Every emulated call through its Fortran entry, each result checked by the program: the same line both ways. */
    @ParameterizedTest(name = "np {0}")
    @ValueSource(ints = {2, 5})
    void everyFortranEntryGivesWhatOpenMpiGives(int np) throws Exception {
        Path everyCall = compile("every-call");
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(np, List.of(everyCall.toString())).arguments(), Map.of(), 300);
        assertEquals(0, plain.exit(), plain.output());
        assertTrue(plain.stdout().startsWith("every-call np=" + np + " checks passed="), plain.output());
        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", String.valueOf(np), "--quiet", "--timeline", "off",
                "--out", tmp.resolve("every-call-results").toString(), "--", everyCall.toString()));
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(emulated.stdout().startsWith(plain.stdout()), "emulated:\n" + emulated.stdout() + "\nplain:\n" + plain.stdout());
    }

    /** The same messages (sizes, tags, order) and the same MSE_Task_done calls: the same prediction, bit for bit. */
    @Test
    void theFortranTaskDoneFarmAndItsCTwinPredictTheSameToTheBit() throws Exception {
        Path fortran = tmp.resolve("fortran");
        Path c = tmp.resolve("c");
        ForeignRuns.Result f = deterministic(example("task-done-farm"), fortran);
        ForeignRuns.Result fromC = deterministic(ForeignRuns.example("task-done-farm"), c);
        assertEquals(fromC.stdout().lines().findFirst(), f.stdout().lines().findFirst(), "the same farm: the same line");
        Map<String, Object> sf = JsonFile.read(fortran.resolve("summary.json"));
        Map<String, Object> sc = JsonFile.read(c.resolve("summary.json"));
        assertEquals(sc.get("predictedSeconds"), sf.get("predictedSeconds"));
        assertEquals(sc.get("breakdown"), sf.get("breakdown"));
        assertEquals(sc.get("tasks"), sf.get("tasks"));
        assertEquals(Files.readAllLines(c.resolve("breakdown.csv")), Files.readAllLines(fortran.resolve("breakdown.csv")));
    }

    private static ForeignRuns.Result deterministic(Path program, Path out) throws Exception {
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "4", "--task-cost", "per-iteration:10us",
                "--timeline", "off", "--quiet", "--out", out.toString(), "--", program.toString(), "48", "20000"));
        assertEquals(0, r.exit(), r.output());
        return r;
    }

    @Test
    void aRefusedFortranCallEndsTheRunNamingTheCallAndTheRank() throws Exception {
        Path refuses = compile("refuses");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("refused").toString(), "--", refuses.toString()));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("MPI_COMM_SPLIT is not emulated") && r.output().contains("rank 1"), r.output());
    }

    @Test
    void aProgramOnMpiF08IsRefusedAtMpiInitNamingUseMpi() throws Exception {
        Path f08 = compile("f08");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("f08-results").toString(), "--", f08.toString()));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("`use mpi_f08` is not emulated by MSE: build the program with `use mpi`"), r.output());
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
