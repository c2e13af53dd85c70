package mse.emulator.sim;

/**
 * The lengths of the farm's messages, the k of LogGP, as the program sends them (mse.mpi.apps.farm):
 * a task is a 4-byte id plus the workload's description, a result a 4-byte id plus the workload's result,
 * a stop is empty, and with multiple masters each master sends its results' export to rank 0.
 */
public interface FarmShape {

    /** Bytes of the message that hands task t to a slave. */
    int taskBytes(int task);

    /** Bytes of the message that returns task t's result to its master. */
    int resultBytes(int task);

    /** Bytes a group master sends rank 0 for tasks [from, to) at the end (ML only). */
    int gatherBytes(int from, int to);

    /** Every task message and every result the same size; gathers of resultBytes - 4 per task. */
    static FarmShape uniform(int taskBytes, int resultBytes) {
        return new FarmShape() {
            public int taskBytes(int task) {
                return taskBytes;
            }

            public int resultBytes(int task) {
                return resultBytes;
            }

            public int gatherBytes(int from, int to) {
                return Math.toIntExact((long) (resultBytes - 4) * (to - from));
            }
        };
    }
}
