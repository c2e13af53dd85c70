package mse.mpi.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's whole command line, read from /proc. ProcessHandle.Info.commandLine() gives none beyond one page
 * (4 KiB), which a rank's argv passes with a long class path, so a search for the ranks of a run by their
 * command line would miss them.
 */
public final class ProcessCommandLine {

    private ProcessCommandLine() {
    }

    /** The arguments joined by spaces; "" once the process is gone. */
    public static String of(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.ISO_8859_1).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }
}
