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

    /**
     * A rank received the result of `task` (the first message its slave sent after finishing it) and then
     * computed hostCpuNanos (host CPU, before the CPU ratio) before one of its Comm operations, up to and
     * including its next receive: a master's own work per result, in parts that add up, which tasks.csv
     * records and trace replay charges again.
     */
    default void resultHandled(int rank, int task, long hostCpuNanos) {
    }

    /** A rank was charged a computation, a send or a receive overhead; zero-length charges are not reported. */
    default void charged(Charge charge) {
    }

    /**
     * A message left its sender's CPU: its send overhead is charged (reported first), so what the sender did up
     * to now is what the message carries to its receiver (the critical path, mse.emulator.analysis). Reported by
     * the kernel, which alone says when a rank blocked.
     */
    default void sent(long sequence, int source, int tag, int context, int bytes, long sendNanos) {
    }

    /** A rank was blocked, its clock moved from the block's start to its end without a charge ({@link Blocking}). */
    default void blocked(Blocking blocking) {
    }

    /** A rank entered an MPI call (RankFact.CallEnter) at virtual time `nanos`, once its computation before it is charged. */
    default void callEntered(int rank, String call, long nanos) {
    }

    /** A rank left the MPI call it entered last (RankFact.CallLeave) at virtual time `nanos`. */
    default void callLeft(int rank, long nanos) {
    }

    /**
     * A rank reported the arguments of the collective it is in (RankFact.Collective), as the fact arrives: before or
     * after the kernel applies the call's CallEnter, but always before its CallLeave.
     */
    default void collectiveCalled(RankFact.Collective call) {
    }

    /** A rank told its place in a communicator it created (RankFact.CommMember), inside the creating call. */
    default void communicatorJoined(RankFact.CommMember member) {
    }

    /** A rank started a request (RankFact.RequestStarted), inside the call that started it. */
    default void requestStarted(RankFact.RequestStarted request) {
    }

    /** A rank's request completed for its program (RankFact.RequestCompleted), inside the wait or test that completed it. */
    default void requestCompleted(RankFact.RequestCompleted request) {
    }

    /**
     * A rank entered a collective (RankFact.Collective), reported in its place among the rank's own reports: the
     * collective's first message, sent or received, is the rank's next report but a computation's.
     */
    default void collectiveEntered(RankFact.Collective call) {
    }
}
