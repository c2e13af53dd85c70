package mse.mpi.comm;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Whether HotSpot's JIT compilers are busy. A warm-up whose cost per call has stopped falling is only warm once
 * nothing is being compiled: a queued C2 compilation of the task's loop would otherwise make the run's first tasks
 * cost more than its last ones on a slow machine.
 *
 * <p>On Linux the answer comes from the JVM's own threads in procfs: a compiler thread (HotSpot names them "C1
 * CompilerThread0", "C2 CompilerThread1", "JVMCI CompilerThread0", cut to 15 characters) that is running or
 * runnable is compiling, and one whose queue is empty sleeps on the queue's lock. Elsewhere it comes from the `Compiler.queue` diagnostic command (what `jcmd PID
 * Compiler.queue` prints), which says the same but needs the platform MBean server: starting that costs every
 * rank JVM more CPU than the warm-up itself.
 */
public final class JitQueue {

    private static final Path THREADS = Path.of("/proc/self/task");
    private static final String COMMAND = "compilerQueue";
    /** Thread ids of this JVM seen to be other threads than compilers (Linux hands an id out again only much later). */
    private static final Set<String> OTHER_THREADS = new HashSet<>();
    /** The stat line of a thread that has ended: not a compiler, not running. */
    private static final String ENDED = "0 (ended) X";

    private JitQueue() {
    }

    /** True when no method is being compiled or waits in a compile queue. */
    public static boolean idle() {
        return Files.isDirectory(THREADS) ? noCompilerThreadRuns() : idle(printedQueue());
    }

    /**
     * Sleeps until the JIT is idle, polling every millisecond, at most `maxMillis`: a warm-up whose code is
     * compiling must not go on competing with the compiler for the core, nor end while a compilation would still
     * land in the measured run. False when the JIT was still busy at the limit.
     */
    public static boolean awaitIdle(int maxMillis) {
        try {
            for (int poll = 0; poll < maxMillis; poll++) {
                if (idle()) {
                    return true;
                }
                Thread.sleep(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return idle();
    }

    /** The printed queue holds only headers ("Current compiles:", "C2 compile queue:") and "Empty" lines. */
    static boolean idle(String printedQueue) {
        return printedQueue.lines().map(String::strip)
                .allMatch(line -> line.isEmpty() || line.endsWith(":") || line.equals("Empty"));
    }

    /**
     * Whether a thread's /proc stat line ("TID (NAME) STATE ...") is a compiler thread at work: running or
     * runnable (R), or waiting on the disk mid-compile (D). The name may itself hold parentheses and spaces.
     */
    static boolean compiling(String stat) {
        int close = stat.lastIndexOf(')');
        String name = stat.substring(stat.indexOf('(') + 1, close);
        char state = stat.charAt(close + 2);
        return name.contains("Compiler") && (state == 'R' || state == 'D');
    }

    /**
     * Reads the stat line of every thread but those already seen to be other threads: the warm-up asks after
     * each round, so a question costs one directory listing and the compiler threads' lines.
     */
    private static synchronized boolean noCompilerThreadRuns() {
        String[] threads = THREADS.toFile().list();
        if (threads == null) {
            throw new IllegalStateException("cannot list this JVM's threads in " + THREADS);
        }
        boolean idle = true;
        for (String thread : threads) {
            if (!OTHER_THREADS.contains(thread)) {
                String stat = stat(THREADS.resolve(thread));
                if (!stat.contains("Compiler")) {
                    OTHER_THREADS.add(thread);
                }
                idle &= !compiling(stat);
            }
        }
        return idle;
    }

    /**
     * The thread's stat line; a thread that ended since the listing reads as an idle one. One that ends while its
     * line is read fails the read with ESRCH ("No such process") rather than a missing file: HotSpot retires idle
     * compiler threads on a machine with many cores, so a warm-up's question meets this there.
     */
    private static String stat(Path thread) {
        try {
            return Files.readString(thread.resolve("stat"));
        } catch (NoSuchFileException ended) {
            return ENDED;
        } catch (IOException e) {
            if (!Files.exists(thread) || String.valueOf(e.getMessage()).contains("No such process")) {
                return ENDED;
            }
            throw new IllegalStateException("cannot read " + thread.resolve("stat"), e);
        }
    }

    private static String printedQueue() {
        try {
            ObjectName diagnostics = new ObjectName("com.sun.management:type=DiagnosticCommand");
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(diagnostics, COMMAND,
                    new Object[] {null}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("this JVM does not answer the Compiler.queue diagnostic command", e);
        }
    }
}
