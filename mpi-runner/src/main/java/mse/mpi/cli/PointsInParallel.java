package mse.mpi.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A predicted sweep's points simulated side by side, one thread per core, and handed back in the plan's order
 * (a fresh `predict` process would wait for each of them in turn). Each simulation reads only its own inputs and
 * shared arrays nobody writes, so every point's prediction is what it is simulated alone, every task simulated.
 */
final class PointsInParallel {

    /** The simulation of the point at `index` of the plan. */
    interface Simulation<T> {
        T run(int index) throws Exception;
    }

    /** What is done with each result, in the plan's order, on the caller's thread (a row printed, a file written). */
    interface InOrder<T> {
        void accept(T result) throws Exception;
    }

    private PointsInParallel() {
    }

    /** Runs the `count` simulations and gives their results to `inOrder` in order, as soon as each and those before it end. */
    static <T> void run(int count, Simulation<T> simulation, InOrder<T> inOrder) throws Exception {
        int threads = Math.max(1, Math.min(count, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread t = new Thread(task, "predict-point");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<T>> results = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                results.add(pool.submit(() -> simulation.run(index)));
            }
            for (Future<T> result : results) {
                inOrder.accept(result.get());
            }
        } catch (ExecutionException e) {
            throw cause(e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** What a thread of its own threw, as the caller's own: an Exception rethrown, an Error thrown. */
    static Exception cause(ExecutionException e) {
        if (e.getCause() instanceof Error error) {
            throw error;
        }
        return e.getCause() instanceof Exception cause ? cause : e;
    }
}
