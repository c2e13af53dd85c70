package mse.emulator.sim;

import mse.emulator.dynamic.DynamicMasterState;

/**
 * The lengths of DY's messages (the k of LogGP), as the farm program's encoders produce them
 * (mse.mpi.apps.farm.DynamicMessages): the simulator never computes a length of its own, so a change of the
 * program's encoding changes the prediction with it.
 */
public interface DynamicShape {

    /** TASK: the task id and the workload's description (the same message as SI's). */
    int taskBytes(int task);

    /** RESULT: the task id, the slave's wait and the workload's result. */
    int resultBytes(int task);

    int stopBytes();

    int redirectBytes();

    int joinBytes();

    int becomeMasterBytes(DynamicMasterState.Reply.BecomeMaster order);

    int mergeBytes(DynamicMasterState.MergeOrder order);

    /** MERGE_RESULTS: the exports of the order's result ranges, back to back. */
    int mergeResultsBytes(DynamicMasterState.MergeOrder order);
}
