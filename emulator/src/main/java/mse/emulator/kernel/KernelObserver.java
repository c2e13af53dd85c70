package mse.emulator.kernel;

/**
 * Callbacks for reports, called synchronously from the kernel in virtual-time decision order. The actor
 * shell turns them into histograms (queue wait, queue length, slave wait); see {@link MasterQueueStatistics}.
 */
public interface KernelObserver {

    KernelObserver NONE = new KernelObserver() {};

    /** A receive took `message`; all its times are final. */
    default void messageReceived(MessageRecord message) {
    }
}
