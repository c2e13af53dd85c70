package mse.mpi.apps.farm;

/**
 * A bag of independent tasks in assignment order, as a master/slave strategy sees it. The strategy
 * decides who computes what and when; the workload says what a task is, how to compute it and how
 * results are put together. Tasks and results travel as bytes, whose length is the message size the
 * network model charges.
 */
public interface Workload {

    int tasks();

    /** The message that hands task t to a slave (without the task id, which the farm adds). */
    byte[] describe(int task);

    /** A slave computes a task from its description. */
    Computed compute(byte[] description);

    /**
     * Bytes of compute(describe(t)).result(), known without computing: the simulator charges a result's
     * length before (or without) running the task. The workload's compute allocates exactly this much.
     */
    int resultBytes(int task);

    /** Bytes of export(from, to), known without any result: the length of a gather or a DY merge. */
    int exportBytes(int from, int to);

    /** A master stores the result of task t. */
    void collect(int task, byte[] result);

    /** The stored results of tasks [from, to), for gathering at rank 0 (multiple masters). */
    byte[] export(int from, int to);

    /** Stores what export(from, to) produced on another master. */
    void importRange(int from, int to, byte[] exported);

    /** A digest of all results, independent of who computed what and in which order. */
    String checksum();

    /** A computed result and the work it took (the unit a deterministic cost model charges). */
    record Computed(byte[] result, long workUnits) {}
}
