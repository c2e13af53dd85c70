package mse.mpi.apps.farm;

import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.TaskRanges;
import mse.emulator.sim.DynamicShape;
import mse.emulator.sim.FarmShape;

/**
 * The lengths of the farm's messages for the simulators, from the program's own encoders (FarmMessages,
 * DynamicMessages) over the workload's own sizes (Workload.resultBytes, exportBytes): nothing here knows
 * what an application's task or result looks like, so a new workload or a change of encoding needs no
 * change here. Lengths that vary by task are taken once per task at construction, so the simulator's hot
 * loop only reads arrays.
 */
public final class FarmMessageSizes {

    private final Workload work;
    private final int[] taskBytes;
    private final int[] resultBodyBytes;

    private FarmMessageSizes(Workload work) {
        this.work = work;
        this.taskBytes = new int[work.tasks()];
        this.resultBodyBytes = new int[work.tasks()];
        for (int t = 0; t < taskBytes.length; t++) {
            taskBytes[t] = FarmMessages.withId(t, work.describe(t)).length;
            resultBodyBytes[t] = work.resultBytes(t);
        }
    }

    public static FarmMessageSizes of(Workload work) {
        return new FarmMessageSizes(work);
    }

    /**
     * The workload these sizes are of: a strategy whose program has messages of its own takes their lengths from its
     * own encoders over it (docs/extending.md, "Adding a strategy"), as SI's, ML's and DY's come from theirs here.
     */
    public Workload workload() {
        return work;
    }

    /** SI's and ML's messages (Master, Slave, MultipleMasters). */
    public FarmShape staticMasters() {
        return new FarmShape() {
            public int taskBytes(int task) {
                return taskBytes[task];
            }

            public int resultBytes(int task) {
                return FarmMessages.idBytes() + resultBodyBytes[task];
            }

            public int gatherBytes(int from, int to) {
                return work.exportBytes(from, to);
            }
        };
    }

    /** DY's messages (DynamicMaster, DynamicSlave). */
    public DynamicShape dynamicMasters() {
        return new DynamicShape() {
            public int taskBytes(int task) {
                return taskBytes[task];
            }

            public int resultBytes(int task) {
                return DynamicMessages.Result.headerBytes() + resultBodyBytes[task];
            }

            public int stopBytes() {
                return DynamicMessages.EMPTY.length;
            }

            public int redirectBytes() {
                return DynamicMessages.rank(0).length;
            }

            public int joinBytes() {
                return DynamicMessages.EMPTY.length;
            }

            public int becomeMasterBytes(DynamicMasterState.Reply.BecomeMaster order) {
                return DynamicMessages.encode(order).length;
            }

            public int mergeBytes(DynamicMasterState.MergeOrder order) {
                return new DynamicMessages.Merge(order.returnedSlaves(), order.unassigned(),
                        order.results().stream().map(r -> new DynamicMessages.Results(r, work.exportBytes(r.from(), r.to()))).toList(),
                        order.events()).encode().length;
            }

            public int mergeResultsBytes(DynamicMasterState.MergeOrder order) {
                int bytes = 0;
                for (TaskRanges.Range r : order.results()) {
                    bytes += work.exportBytes(r.from(), r.to());
                }
                return bytes;
            }
        };
    }
}
