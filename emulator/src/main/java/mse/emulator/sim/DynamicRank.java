package mse.emulator.sim;

import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.DynamicMasterState.MergeOrder;
import mse.emulator.dynamic.DynamicMasterState.Reply;
import mse.emulator.kernel.LongQueue;

/** One rank's place in the program: a slave of {@code master}, or a master while {@code state} is set. */
final class DynamicRank {

    int master;
    double askedAt = Double.NaN;
    long clock;
    /** The tasks it holds, in the order it receives them (more than one with --prefetch); unboxed, as the next two. */
    final LongQueue tasks = new LongQueue();
    /** The tasks of its results in flight, in send order. */
    final LongQueue reportedTasks = new LongQueue();
    /** The waits its results in flight report, in send order. */
    final LongQueue reportedWaits = new LongQueue();
    int redirectTo;
    Reply.BecomeMaster order;
    MergeOrder merging;
    DynamicMasterState state;
}
