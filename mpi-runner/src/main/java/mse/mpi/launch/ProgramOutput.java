package mse.mpi.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * The ranks' standard output on its way to ours. mpirun's stdout is relayed byte for byte (the program's output
 * reaches the console unchanged, as soon as mpirun forwards it), and what was relayed last is remembered, so that
 * MSE's own tables start on a line of their own even after a program whose last output ended without a newline.
 * One relay per mpirun job; the console is the process's, so this is process-wide.
 */
public final class ProgramOutput {

    private static final Object LOCK = new Object();
    /** The last relayed byte ended no line: MSE's next table needs a newline first. */
    private static boolean midLine;

    private ProgramOutput() {
    }

    /** Relays from (mpirun's stdout) to System.out until its end, on a thread of its own that blocks on the pipe. */
    static Thread relay(InputStream from) {
        Thread t = new Thread(() -> copy(from, System.out), "mpirun-stdout");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void copy(InputStream from, PrintStream to) {
        byte[] buffer = new byte[8192];
        try (from) {
            int n;
            while ((n = from.read(buffer)) > 0) {
                synchronized (LOCK) {
                    to.write(buffer, 0, n);
                    to.flush();
                    midLine = buffer[n - 1] != '\n';
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("relaying mpirun's output", e);
        }
    }

    /** Ends the program's last line when it ended none, so that what MSE prints next starts a line. */
    public static void endLine() {
        synchronized (LOCK) {
            if (midLine) {
                System.out.println();
                midLine = false;
            }
        }
    }
}
