package mse.mpi.apps.farm;

/**
 * What a farm's master (Master.serve) does on its program thread with one result, between two receives: it takes the
 * task id and the body out of the result message and collects it, then wraps the next task's description. The live
 * emulator charges it as the master's computation; partial execution (`predict`) runs the same code on each sampled
 * task's result and measures it, so that a master that does real work per result is predicted as doing it.
 */
public final class MasterResultWork {

    private MasterResultWork() {
    }

    /** The message a slave sends back for a task: its id in front of the result (the slave's work, not the master's). */
    public static byte[] resultMessage(int task, byte[] result) {
        return FarmMessages.withId(task, result);
    }

    /** The master stores a result message's body as the result of its task. */
    public static void collect(Workload work, byte[] resultMessage) {
        work.collect(FarmMessages.id(resultMessage), FarmMessages.body(resultMessage));
    }

    /** The message that hands a task to a slave. */
    public static byte[] task(Workload work, int task) {
        return FarmMessages.withId(task, work.describe(task));
    }
}
