package mse.emulator.sim;

/**
 * The message tags of the task farm (seed 001, section 3.2), one numbering for the program
 * (mse.mpi.apps.farm FarmMessages, DynamicMessages) and the simulators (the tests' KernelFarmReplay,
 * {@link DynamicFarmReplay}). TASK, RESULT and STOP are every strategy's; GATHER is ML's; the rest DY's.
 */
public final class FarmTags {

    public static final int TASK = 1;
    public static final int RESULT = 2;
    public static final int STOP = 3;
    /** ML: a group master's results to rank 0 at the end. */
    public static final int GATHER = 4;
    /** Payload: the rank of the slave's new master; the slave sends JOIN there. */
    public static final int REDIRECT = 5;
    /** Payload: the BECOME_MASTER order. */
    public static final int BECOME_MASTER = 6;
    /** Empty: a redirected slave asks its new master for work. */
    public static final int JOIN = 7;
    /** Payload: the MERGE order. The merging rank is a slave of the receiver from then on. */
    public static final int MERGE = 8;
    /** Payload: the exported results a MERGE announced, back to back. */
    public static final int MERGE_RESULTS = 9;

    private FarmTags() {
    }
}
