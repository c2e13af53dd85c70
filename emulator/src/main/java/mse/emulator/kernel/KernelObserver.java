package mse.emulator.kernel;

/**
 * Callbacks for reports, called synchronously from the kernel in the order it decides. The actor shell turns
 * them into histograms (queue wait, queue length, slave wait; see {@link MasterQueueStatistics}) and into a
 * timeline (mse.emulator.timeline). The fast simulator reports the same callbacks for the runs it simulates.
 */
@FunctionalInterface
public interface KernelObserver {

    KernelObserver NONE = message -> { };

    /** A receive took `message`; all its times are final. */
    void messageReceived(MessageRecord message);

    /** A rank finished a task (RankFact.TaskDone); its virtual start and end are final. */
    default void taskDone(TaskRecord task) {
    }

    /** A rank was charged a computation, a send or a receive overhead; zero-length charges are not reported. */
    default void charged(Charge charge) {
    }
}
