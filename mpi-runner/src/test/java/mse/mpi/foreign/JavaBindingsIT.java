package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Java program on Open MPI's own bindings (examples/java-mpi, mpi.jar's JNI over libmpi), unmodified: the
 * interposition library sees its MPI calls as it sees a C program's. It prints the same emulated as plain and the same
 * as its C twin. Only the thread that called MPI_Init is charged (the default --rank-cpu thread), not the JVM's compiler
 * and GC threads; `process` may refuse a JVM, whose own threads at MPI_Init it cannot leave out (docs/interposition.md).
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

    /**
     * The MPI-3 requests through the bindings (examples/java-mpi/Mpi3Requests.java): Prequest's startAll, iBcast,
     * iAllReduce and iBarrier under Request.waitAll, and Message.mProbe/mRecv reach the library's C entries through
     * JNI; the program prints the same line emulated as plain.
     */
    @Test
    void theBindingsMpi3RequestsPrintTheSameEmulatedAsPlain() throws Exception {
        List<String> program = List.of("java", "-cp", ForeignRuns.ROOT.resolve("examples/java-mpi/build").toString(),
                "Mpi3Requests", "5");
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(3, program).arguments(), Map.of(), 300);
        assertEquals(0, plain.exit(), plain.output());
        assertEquals("ring 1010, bcast 7 11, sum 6, probed 5\n", plain.stdout());
        List<String> emulate = new java.util.ArrayList<>(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("mpi3").toString(), "--"));
        emulate.addAll(program);
        ForeignRuns.Result emulated = ForeignRuns.mse(emulate);
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(emulated.stdout().startsWith(plain.stdout()), "emulated:\n" + emulated.stdout());
    }

    /**
     * Communicators through the bindings: Comm.split of the world into halves, Comm.dup of each half, a farm on each
     * duplicate with wildcard receives, allReduce and bcast on it, Comm.free: the same lines emulated as plain.
     */
    @Test
    void splitAndDupThroughTheBindingsPrintTheSameEmulatedAsPlain() throws Exception {
        List<String> program = List.of("java", "-cp", ForeignRuns.ROOT.resolve("examples/java-mpi/build").toString(),
                "SplitFarms", "40");
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(4, program).arguments(), Map.of(), 300);
        assertEquals(0, plain.exit(), plain.output());
        List<String> args = new java.util.ArrayList<>(List.of("emulate", "--np", "4", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("split").toString(), "--"));
        args.addAll(program);
        ForeignRuns.Result emulated = ForeignRuns.mse(args);
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(plain.stdout().startsWith("split-farms half=0 ranks=2 done=40 checksum=22140\n"), plain.stdout());
        assertTrue(emulated.stdout().startsWith(plain.stdout()), "emulated:\n" + emulated.stdout() + "\nplain:\n"
                + plain.stdout());
    }

    /**
     * The collectives of issue 57 through the bindings (examples/java-mpi/PrefixesAndExchanges.java): allToAllv,
     * scan, exScan in place, iScan, reduceScatterBlock and reduceScatter on the world and on splitType's communicator
     * of one host reach the library's C entries through JNI; the same lines emulated as plain.
     */
    @Test
    void theBindingsScansAndExchangesPrintTheSameEmulatedAsPlain() throws Exception {
        List<String> program = List.of("java", "-cp", ForeignRuns.ROOT.resolve("examples/java-mpi/build").toString(),
                "PrefixesAndExchanges");
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(3, program).arguments(), Map.of(), 300);
        assertEquals(0, plain.exit(), plain.output());
        assertEquals("world: alltoallv 1059, scan 10, exscan 4, iscan 6, reduce_scatter_block 225, reduce_scatter 4\n"
                + "one host, 3 ranks: alltoallv 1059, scan 10, exscan 4, iscan 6, reduce_scatter_block 225, "
                + "reduce_scatter 4\n", plain.stdout());
        List<String> args = new java.util.ArrayList<>(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("prefixes").toString(), "--"));
        args.addAll(program);
        ForeignRuns.Result emulated = ForeignRuns.mse(args);
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(emulated.stdout().startsWith(plain.stdout()), "emulated:\n" + emulated.stdout());
    }

    private static List<String> plus(List<String> args) {
        List<String> all = new java.util.ArrayList<>(args);
        all.addAll(FARM);
        return all;
    }
}
