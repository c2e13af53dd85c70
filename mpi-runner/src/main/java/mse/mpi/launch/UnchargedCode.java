package mse.mpi.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The code of an emulated rank that no charge ever includes, which HotSpot's C2 does not compile: C1 compiles it, in
 * its profiling tier first; a method that gets hot enough for C2 is found excluded and compiled once more by C1 without
 * profiling (LogCompilation of a 4,096-task np 4 run: of the 85-99 methods of the link, the Comm layer and Open MPI's
 * binding that a rank compiled, 47-53 stayed in the profiling tier and 18-27 were compiled twice). What an emulated
 * rank is charged is the CPU of its program thread between two Comm calls (EmulatedComm): the program's own code and
 * the JDK code it calls, which keep C2. The link to the emulator, the Comm layer, Open MPI's binding, loading classes
 * from jars and the sockets only cost wall time, and a rank lives a few seconds: C2 compiling them (after a first round
 * in C1's profiling code) took the cores the ranks and the emulator need. `emulate --np 8 --task-points 16`, 3
 * interleaved runs each: 4.29-4.44 s of wall against 4.90-5.69 s and 10.5-10.7 s of CPU against 11.7-13.3, the master's
 * charged compute per result unchanged (0.98-1.18 µs against 0.85-0.99) and the predictions with it; np 4: 2.31-2.52 s
 * against 2.51-2.83 s at 16 points, 5.27-5.33 s against 5.49-5.53 s at 1 point.
 *
 * <p>The JDK's lambda and method-handle code stays with C2, although it is spun for the link too: C2 inlines a
 * program's lambdas through it, and it would not inline code it may not compile. Plain runs keep all of C2: they
 * are the reference an emulation is compared with.
 *
 * <p>HotSpot reads the list as compiler directives from a file on the rank's host, so only ranks on this machine get
 * it (a missing file would stop the JVM); -DisplayVMOutput keeps the JVM's "directives added" line off the user's
 * console (warnings still go to stderr).
 */
public final class UnchargedCode {

    /** Class patterns (HotSpot's, '/'-separated, '*' at the end). */
    static final List<String> PATTERNS = List.of(
            "mse/emulator/*", // the link to the emulator, its frames and lower-bound answers
            "mse/mpi/comm/*", // the Comm layer, whose own CPU is never charged
            "mpi/*", // Open MPI's Java binding
            "java/util/zip/*", "java/util/jar/*", "jdk/internal/loader/*", // classes loaded from jars
            "jdk/internal/org/*", // ASM, spinning the lambda classes of start-up
            "sun/nio/*", "java/net/*", "sun/net/*", // sockets and class-path URLs
            "sun/security/*", "ch/qos/*", "org/slf4j/*"); // the link's token, logging

    private static Path file;

    private UnchargedCode() {
    }

    /** The JVM options that keep C2 off the uncharged code, with the directives file written once per JVM. */
    public static synchronized List<String> jvmOptions() {
        if (file == null) {
            try {
                Path written = Files.createTempFile("mse-uncharged-code", ".json");
                Files.writeString(written, directives(), StandardCharsets.UTF_8);
                written.toFile().deleteOnExit();
                file = written;
            } catch (IOException e) {
                throw new LaunchException("cannot write the ranks' compiler directives in "
                        + System.getProperty("java.io.tmpdir") + ": " + e.getMessage());
            }
        }
        return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput",
                "-XX:CompilerDirectivesFile=" + file.toAbsolutePath());
    }

    /** One compiler directive: every method of these classes, C2 excluded. */
    static String directives() {
        String match = PATTERNS.stream().map(p -> "\"" + p + ".*\"").collect(Collectors.joining(", "));
        return "[ { match: [" + match + "], c2: { Exclude: true } } ]\n";
    }
}
