package mse.mpi.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The code of an emulated rank that never runs on its program thread between two Comm calls, which HotSpot's C2 does
 * not compile (C1 does): what `--task-cost real` charges is that thread's CPU between the calls (EmulatedComm), so
 * everything that may run there compiles as it does in a plain run, under C2, and only code outside every charged
 * interval is left to C1. That is the link to the emulator (mse.emulator.wire, and its actors where rank 0
 * hosts the emulator), Open MPI's binding (called inside Comm operations only), class loading (the loaders, and ASM
 * spinning lambda classes) and logging. The Comm layer is not among them: the program reads its messages (Message,
 * Envelope) and encodes reductions (ReduceOp) between calls, and its call and return paths surround the meter's
 * reads. Nor are the DY master's decisions (mse.emulator.dynamic), nor the JDK packages a program's tasks use (zip,
 * sockets and files, digests). UnchargedCodeTest checks the list against what the meter brackets, by sampling the
 * program thread in charged intervals.
 *
 * <p>C2 compiling the link costs wall time only, and a rank lives a few seconds: at first the exclusion was
 * wider (the whole of mse.emulator and the Comm layer, zip, sockets and security too), at the price of charging an
 * emulated master's DY decisions and a task's JDK calls as C1 code where a plain run runs C2 code; docs/measurements/emulation-cost.md
 * says what the narrower list costs.
 *
 * <p>HotSpot reads the list as compiler directives from a file on the rank's host, so the file is part of the build
 * (this package's resource, in the classes directory of the ranks' class path), where every host has MSE at the same
 * path (HostPreflight): ranks on every host get it alike. -DisplayVMOutput keeps the JVM's "directives added" line
 * off the user's console (warnings still go to stderr).
 */
public final class UnchargedCode {

    /** Where the directives lie under a class path directory (mpi-runner/src/main/resources). */
    static final String RESOURCE = "mse/mpi/launch/uncharged-code.json";

    private UnchargedCode() {
    }

    /** The JVM options that keep C2 off the uncharged code, with the directives file of the ranks' class path. */
    public static List<String> jvmOptions(String rankClasspath) {
        return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput",
                "-XX:CompilerDirectivesFile=" + file(rankClasspath));
    }

    /** The directives file in the first directory of the class path that holds it. */
    static Path file(String rankClasspath) {
        return find(rankClasspath).orElseThrow(() -> new LaunchException("the ranks' compiler directives " + RESOURCE
                + " are in no directory of their class path " + rankClasspath
                + ": build MSE (./run.sh does) so that mpi-runner/target/classes holds them"));
    }

    /** The directives file in the first directory of the class path that holds it on this machine, if one does. */
    static java.util.Optional<Path> find(String rankClasspath) {
        for (String entry : rankClasspath.split(":")) {
            if (!entry.isEmpty() && !entry.endsWith("*") && !entry.endsWith(".jar")) {
                Path candidate = Path.of(entry).resolve(RESOURCE);
                if (Files.isRegularFile(candidate)) {
                    return java.util.Optional.of(candidate.toAbsolutePath());
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** The class patterns C2 is kept off (HotSpot's, '/'-separated, "*.*": every method of every class below). */
    public static List<String> patterns() {
        try (InputStream in = UnchargedCode.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + RESOURCE);
            }
            JsonNode directives = new ObjectMapper().readTree(in);
            List<String> patterns = new ArrayList<>();
            directives.get(0).get("match").forEach(p -> patterns.add(p.asText()));
            return patterns;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
