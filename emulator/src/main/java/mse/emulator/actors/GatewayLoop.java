package mse.emulator.actors;

import java.io.IOException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread that waits in a selector for the ranks' sockets and also runs tasks: the emulator's actor
 * system uses it as its default executor, so the keeper runs on the thread that read the fact. A fact then
 * costs one wake-up (the socket's), not two (the socket's, then the keeper's dispatcher thread's), and the
 * grant is written before the thread goes back to the selector. Tasks from other threads (timers, the
 * launcher) wake the selector; tasks the loop gives itself (a tell to the keeper) only queue.
 *
 * <p>The thread never polls: it blocks in the selector until a socket, a task or a deadline needs it.
 */
final class GatewayLoop implements Executor, AutoCloseable {

    /** What the loop serves: ready keys, then its own bookkeeping once per turn. */
    interface Handler {
        void onReady(SelectionKey key);

        /** After each turn's keys and tasks: writes that waited, connection deadlines. */
        void afterTurn();

        /** How long the next wait may last, in ms (0: until something happens). */
        long timeoutMillis();

        /** The loop is stopping: close what is left. */
        void stopped();
    }

    private static final Logger LOG = LoggerFactory.getLogger(GatewayLoop.class);
    /** Tasks run per turn before the sockets are looked at again, so a busy actor never starves them. */
    private static final int TASKS_PER_TURN = 64;

    private final Selector selector;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile Handler handler;

    private GatewayLoop(String name) throws IOException {
        this.selector = Selector.open();
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true); // a loop nobody closed must not keep the JVM alive
    }

    static GatewayLoop start(String name) throws IOException {
        GatewayLoop loop = new GatewayLoop(name);
        loop.thread.start();
        return loop;
    }

    Selector selector() {
        return selector;
    }

    /** Sets what the loop serves; the handler's registrations should run as tasks of the loop. */
    void serve(Handler served) {
        this.handler = served;
        selector.wakeup();
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        if (Thread.currentThread() != thread) {
            selector.wakeup();
        }
    }

    boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    /** Any thread: the loop must take up its handler's bookkeeping soon. */
    void wakeup() {
        selector.wakeup();
    }

    @Override
    public void close() {
        thread.interrupt();
        selector.wakeup();
        if (!inLoop()) {
            try {
                thread.join(Duration.ofSeconds(5).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Handler h = handler;
                if (!tasks.isEmpty()) {
                    selector.selectNow(key -> ready(h, key));
                } else {
                    selector.select(key -> ready(h, key), h == null ? 0 : h.timeoutMillis());
                }
                runTasks();
                if (h != null) {
                    h.afterTurn();
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            LOG.error("Rank gateway stopped: {}", e.toString());
        } finally {
            Handler h = handler;
            if (h != null) {
                h.stopped();
            }
            try {
                selector.close();
            } catch (IOException ignored) {
                // stopping anyway
            }
        }
    }

    private static void ready(Handler h, SelectionKey key) {
        if (h != null) {
            h.onReady(key);
        }
    }

    private void runTasks() {
        for (int i = 0; i < TASKS_PER_TURN; i++) {
            Runnable task = tasks.poll();
            if (task == null) {
                return;
            }
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("A task on the gateway loop failed", e);
            }
        }
    }
}
