package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Java program on Open MPI's own bindings (examples/java-mpi, mpi.jar's JNI over libmpi), unmodified: the
 * interposition library sees its MPI calls as it sees a C program's. It prints the same emulated as plain, the same
 * as its C twin, and only the thread that called MPI_Init is charged, not the JVM's compiler and GC threads.
 */
class JavaBindingsIT {

    private static final List<String> FARM = List.of("java", "-cp", ForeignRuns.ROOT.resolve("examples/java-mpi/build").toString(),
            "RowFarm", "60", "120", "300");

    @TempDir
    Path tmp;

    @Test
    void theBindingsFarmPrintsTheSameEmulatedAsPlainAndAsItsCTwin() throws Exception {
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(3, FARM).arguments(), Map.of(), 300);
        assertEquals(0, plain.exit(), plain.output());
        Path out = tmp.resolve("emulated");
        ForeignRuns.Result emulated = ForeignRuns.mse(plus(List.of("emulate", "--np", "3", "--quiet", "--out", out.toString(), "--")));
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(!plain.stdout().isBlank() && emulated.stdout().startsWith(plain.stdout()),
                "emulated:\n" + emulated.stdout() + "\nplain:\n" + plain.stdout());
        List<String> twin = List.of(ForeignRuns.example("row-farm").toString(), "60", "120", "300");
        ForeignRuns.Result c = ForeignRuns.run(MpirunCommand.foreign(3, twin).arguments(), Map.of(), 300);
        assertEquals(c.stdout(), plain.stdout(), "the C twin's line");
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        assertEquals(FARM, s.get("program"));
        assertEquals("java", s.get("app"));
    }

    /** Charged by the process, a JVM's compiler and GC threads count; by the thread that called MPI_Init, they do not. */
    @Test
    void onlyTheProgramThreadIsChargedNotTheJvmsOwnThreads() throws Exception {
        double thread = totalCompute("thread");
        double process = totalCompute("process");
        assertTrue(process > thread, "process " + process + " s against thread " + thread + " s");
    }

    private double totalCompute(String rankCpu) throws Exception {
        Path out = tmp.resolve(rankCpu);
        ForeignRuns.Result r = ForeignRuns.mse(plus(List.of("emulate", "--np", "3", "--rank-cpu", rankCpu, "--quiet",
                "--timeline", "off", "--out", out.toString(), "--")));
        assertEquals(0, r.exit(), r.output());
        List<String> rows = Files.readAllLines(out.resolve("breakdown.csv"));
        int column = List.of(rows.get(0).split(",")).indexOf("computeSeconds");
        return rows.subList(1, rows.size()).stream().mapToDouble(row -> Double.parseDouble(row.split(",")[column])).sum();
    }

    private static List<String> plus(List<String> args) {
        List<String> all = new java.util.ArrayList<>(args);
        all.addAll(FARM);
        return all;
    }
}
