package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The printed form of `jcmd PID Compiler.queue` (JDK 17) and a compiler thread's /proc stat line, idle and busy. */
class JitQueueTest {

    @Test
    void emptyQueuesWithNothingCompilingAreIdle() {
        assertTrue(JitQueue.idle("Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n\n"));
    }

    @Test
    void aCurrentCompileIsBusy() {
        assertFalse(JitQueue.idle("Current compiles: \nC2 CompilerThread0   812   %   4   mse.Ep::compute @ 12 (98 bytes)\n\n"
                + "C1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n"));
    }

    @Test
    void aQueuedCompileIsBusy() {
        assertFalse(JitQueue.idle("Current compiles: \n\nC1 compile queue:\n 446       3       java.lang.invoke.MethodType::basicType (8 bytes)\n\n"
                + "C2 compile queue:\nEmpty\n"));
    }

    @Test
    void aRunningOrRunnableCompilerThreadIsCompiling() {
        assertTrue(JitQueue.compiling("4711 (C2 CompilerThre) R 4700 4700 0 -1 4194624 1905 0 0 0 52 3"));
        assertTrue(JitQueue.compiling("4712 (C1 CompilerThre) D 4700 4700 0 -1 4194624 1905 0 0 0 52 3"));
        assertTrue(JitQueue.compiling("4713 (JVMCI CompilerT) R 4700 4700 0 -1 4194624 1905 0 0 0 52 3"));
    }

    @Test
    void aSleepingCompilerThreadOrAnotherThreadIsNot() {
        assertFalse(JitQueue.compiling("4711 (C2 CompilerThre) S 4700 4700 0 -1 4194624 1905 0 0 0 52 3"));
        assertFalse(JitQueue.compiling("4700 (java) R 4690 4700 0 -1 4194560 6078 0 0 0 120 9"));
        assertFalse(JitQueue.compiling("4713 (a (b) c) R 4700 4700 0 -1 4194560 6078 0 0 0 120 9"));
    }

    /**
     * Threads that end while the JVM's threads are read: on a 16-core machine HotSpot starts and retires compiler
     * threads while a warm-up asks, and a thread that ended between the listing and the read of its stat line
     * failed the rank ("cannot read /proc/self/task/N/stat"). Short-lived threads here make the same race.
     */
    @Test
    void threadsEndingWhileAskedReadAsEnded() throws InterruptedException {
        AtomicBoolean asking = new AtomicBoolean(true);
        Thread churn = new Thread(() -> {
            while (asking.get()) {
                Thread[] batch = new Thread[8];
                for (int i = 0; i < batch.length; i++) {
                    batch[i] = new Thread(() -> { });
                    batch[i].start();
                }
                for (Thread t : batch) {
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        churn.start();
        try {
            for (int question = 0; question < 20_000; question++) {
                JitQueue.idle();
            }
        } finally {
            asking.set(false);
            churn.join();
        }
    }

    @Test
    void thisJvmAnswers() {
        JitQueue.idle(); // throws where neither procfs nor the diagnostic command answers: the warm-up relies on it
    }
}
