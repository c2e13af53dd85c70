package mse.emulator.dynamic;

/**
 * One split or merge of a dynamic master (seed 001, section 3.2), at rank 0's end of the run.
 *
 * @param virtualSeconds Comm.wtime() of the rank that acted: the splitting parent, or the merging secondary
 * @param master         the secondary master concerned: the one created by a split, or the one merging back
 * @param action         "split" or "merge"
 * @param tasksMoved     split: unassigned tasks handed to the secondary; merge: unassigned tasks handed back
 * @param slavesMoved    split: slaves redirected to the secondary; merge: slaves returned to the parent
 *                       (the secondary master itself not counted either way)
 * @param depth          the secondary master's depth (rank 0 is depth 0)
 */
public record MasterEvent(double virtualSeconds, int master, String action, int tasksMoved, int slavesMoved, int depth) {

    public static final String SPLIT = "split";
    public static final String MERGE = "merge";
}
