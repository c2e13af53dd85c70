package mse.emulator.timeline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * mse-otf2 (otf2/ in the checkout), the small C program that writes an OTF2 archive from an event stream
 * ({@link EventStream}) with the reference library, libotf2: the format's own writer, so Vampir and the Score-P
 * tools read what it writes; run.sh and the build give its path in the system property {@link #PROPERTY}.
 */
final class Otf2Writer {

    /** The system property that names the built program. */
    static final String PROPERTY = "mse.otf2.writer";

    /** A run's archive is written in seconds; a writer still running after this is stuck. */
    private static final long TIMEOUT_MINUTES = 30;

    private Otf2Writer() {
    }

    /** Writes `directory`/traces.otf2 (and traces.def, traces/) from the stream in `events`. */
    static void write(Path events, Path directory) throws IOException {
        Path program = program();
        Path log = events.resolveSibling(events.getFileName() + ".log");
        Process process = new ProcessBuilder(List.of(program.toString(), events.toString(), directory.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException(program + " did not finish the OTF2 archive " + directory + " in " + TIMEOUT_MINUTES + " minutes");
            }
            if (process.exitValue() != 0) {
                throw new IOException(program + " failed (exit " + process.exitValue() + "): "
                        + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the OTF2 archive " + directory, e);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The built program; a missing one is a setup problem, said with the fix. */
    static Path program() throws IOException {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            throw new IOException("the OTF2 writer's path is not set (-D" + PROPERTY + "); start MSE with ./run.sh");
        }
        Path program = Path.of(configured).toAbsolutePath();
        if (!Files.isExecutable(program)) {
            throw new IOException("the OTF2 writer " + program + " is not built: ./run.sh setup installs libotf2 "
                    + "(Debian's libopen-trace-format2-dev) and ./run.sh builds it (make -C otf2)");
        }
        return program;
    }
}
