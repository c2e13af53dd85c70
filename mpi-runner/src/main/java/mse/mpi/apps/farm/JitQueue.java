package mse.mpi.apps.farm;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Whether HotSpot's JIT compilers are busy, read from the JVM's own diagnostic command `Compiler.queue` (the
 * jdk.management module's DiagnosticCommand MBean, what `jcmd PID Compiler.queue` prints). A warm-up whose cost
 * per call has stopped falling is only warm once nothing is being compiled: a queued C2 compilation of the
 * task's loop would otherwise make the run's first tasks cost more than its last ones on a slow machine.
 */
final class JitQueue {

    private static final String COMMAND = "compilerQueue";

    private JitQueue() {
    }

    /** True when no method is being compiled or waits in a compile queue. */
    static boolean idle() {
        try {
            ObjectName diagnostics = new ObjectName("com.sun.management:type=DiagnosticCommand");
            String queue = (String) ManagementFactory.getPlatformMBeanServer().invoke(diagnostics, COMMAND,
                    new Object[] {null}, new String[] {String[].class.getName()});
            return idle(queue);
        } catch (JMException e) {
            throw new IllegalStateException("this JVM does not answer the Compiler.queue diagnostic command", e);
        }
    }

    /** The printed queue holds only headers ("Current compiles:", "C2 compile queue:") and "Empty" lines. */
    static boolean idle(String printedQueue) {
        return printedQueue.lines().map(String::strip)
                .allMatch(line -> line.isEmpty() || line.endsWith(":") || line.equals("Empty"));
    }
}
