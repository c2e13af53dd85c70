package mse.mpi.apps.farm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The printed form of `jcmd PID Compiler.queue` (JDK 17), idle and busy. */
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
    void thisJvmAnswers() {
        JitQueue.idle(); // throws where the diagnostic command is missing: the warm-up relies on it
    }
}
