package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import mse.emulator.report.AtomicFiles;
import mse.mpi.options.BadInputException;
import mse.mpi.rank.RunLog;

/**
 * Where a command writes its results: --out DIR, or results/<timestamp>-<command> (never reused). A directory is marked
 * {@value #INCOMPLETE} from the moment it is made until its command ends well: a run that fails leaves the file saying
 * why, one stopped by a signal (Ctrl-C, SIGTERM) says so, and one killed outright (SIGKILL, a crash) leaves it as it was
 * made, "running". Its other files are whole either way (each is written to a temporary name and renamed).
 */
public final class RunDirectory {

    /** The file that marks a results directory whose command has not ended well. */
    public static final String INCOMPLETE = "INCOMPLETE";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** The directory of the command running in this JVM, until it ends; read by the exit hook. */
    private static volatile Path current;

    static {
        // On Ctrl-C or SIGTERM the JVM runs its hooks and exits: the command in progress never ends well.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ended("interrupted: stopped by a signal (Ctrl-C, SIGTERM, SIGHUP)"
                + " before it ended; the other files here are those it had finished"), "results-directory-interrupted"));
    }

    private RunDirectory() {
    }

    /** Makes the command's results directory and marks it incomplete until {@link #ended} says it ended well. */
    public static Path create(Path out, String command) {
        Path dir = out != null ? out : fresh(Path.of("results"), STAMP.format(LocalDateTime.now()) + "-" + command);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BadInputException("--out: cannot create results directory " + dir + ": " + e.getMessage());
        }
        if (!Files.isWritable(dir)) {
            throw new BadInputException("--out: results directory " + dir + " is not writable");
        }
        RunLog.attach(dir);
        try {
            mark(dir, "running: mse " + command + " (pid " + ProcessHandle.current().pid() + ") since " + Instant.now()
                    + "; this file is removed when it ends well");
        } catch (IOException e) {
            throw new BadInputException("--out: cannot write " + dir.resolve(INCOMPLETE) + ": " + e.getMessage());
        }
        current = dir;
        return dir;
    }

    /** The command ended well: its directory is no longer marked. */
    public static void endedWell() {
        Path dir = current;
        current = null;
        if (dir != null) {
            try {
                Files.deleteIfExists(dir.resolve(INCOMPLETE));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot unmark " + dir + " (" + INCOMPLETE + ")", e);
            }
        }
    }

    /** The command ended otherwise (`why`): its directory stays marked, saying so. */
    public static void ended(String why) {
        Path dir = current;
        current = null;
        if (dir != null) {
            try {
                mark(dir, why);
            } catch (IOException e) {
                // still marked "running", which is incomplete all the same; the user learns why this one could not say more
                System.err.println("mse: warning: cannot write " + dir.resolve(INCOMPLETE) + ": " + e.getMessage());
            }
        }
    }

    private static void mark(Path dir, String text) throws IOException {
        AtomicFiles.writeString(dir.resolve(INCOMPLETE), text + "\n");
    }

    private static Path fresh(Path parent, String name) {
        Path dir = parent.resolve(name);
        for (int i = 2; Files.exists(dir); i++) {
            dir = parent.resolve(name + "-" + i);
        }
        return dir;
    }
}
