package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class MpirunCommandTest {

    private static MpirunCommand command(int np, int cores, boolean root) {
        return new MpirunCommand("mpirun", np, cores, root, "lo", MpirunCommand.DEFAULT_BTL, List.of(), "/a/classes:/a/lib/*",
                List.of("-Xmx128m"), "mse.mpi.apps.mase.Main", List.of("--image", "64x64"));
    }

    @Test
    void classpathFlagComesRightAfterJava() {
        List<String> args = command(4, 2, true).arguments();
        int java = args.indexOf("java");
        assertEquals("-cp", args.get(java + 1));
        assertEquals("/a/classes:/a/lib/*", args.get(java + 2));
        // mpirun scans the java command line for the first argument containing "cp" as the class path flag.
        assertEquals(List.of("-Xmx128m", "mse.mpi.apps.mase.Main", "--image", "64x64"), args.subList(java + 3, args.size()));
    }

    @Test
    void plainAndEmulatedRunsEachCompileWhatTheirMeasureNeeds() {
        List<String> plain = MpirunCommand.plain(2, "/a", "Main", List.of()).jvmOptions();
        List<String> emulated = MpirunCommand.local(2, "/a", "Main", List.of()).jvmOptions();
        assertTrue(plain.containsAll(MpirunCommand.PROGRAM_JIT_OPTIONS));
        assertTrue(emulated.containsAll(MpirunCommand.PROGRAM_JIT_OPTIONS) && emulated.containsAll(MpirunCommand.EMULATED_RUN_JIT_OPTIONS));
        assertTrue(Collections.disjoint(plain, MpirunCommand.EMULATED_RUN_JIT_OPTIONS));
    }

    @Test
    void rootAndOversubscriptionFlagsOnlyWhenNeeded() {
        List<String> busy = command(8, 2, true).arguments();
        assertTrue(busy.contains("--allow-run-as-root"));
        assertTrue(busy.contains("--oversubscribe"));
        List<String> fits = command(2, 2, false).arguments();
        assertFalse(fits.contains("--allow-run-as-root"));
        assertFalse(fits.contains("--oversubscribe"));
        assertEquals(List.of("mpirun", "-np", "2"), fits.subList(0, 3));
    }

    @Test
    void exportedVariablesGoBeforeJavaAndTheirValuesNowhere() {
        List<String> args = command(4, 2, true).exporting(List.of("MSE_EMULATOR_TOKEN")).arguments();
        int x = args.indexOf("-x");
        assertEquals("MSE_EMULATOR_TOKEN", args.get(x + 1));
        assertTrue(x < args.indexOf("java"));
    }

    @Test
    void tcpIsPinnedToTheInterface() {
        List<String> args = command(4, 2, true).arguments();
        assertEquals(1, Collections.frequency(args, "btl_tcp_if_include"));
        assertEquals("lo", args.get(args.indexOf("btl_tcp_if_include") + 1));
        assertEquals("lo", args.get(args.indexOf("oob_tcp_if_include") + 1));
        assertEquals("none", args.get(args.indexOf("--bind-to") + 1));
    }

    @Test
    void btlDefaultsToAllTransportsAndCanBePinned() {
        List<String> all = command(2, 2, false).arguments();
        assertEquals("self,vader,tcp", all.get(all.indexOf("btl") + 1));
        List<String> tcp = command(2, 2, false).withBtl("self,tcp").exporting(List.of("V")).arguments();
        assertEquals("self,tcp", tcp.get(tcp.indexOf("btl") + 1));
    }
}
