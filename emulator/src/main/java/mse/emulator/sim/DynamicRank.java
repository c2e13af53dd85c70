package mse.emulator.sim;

import java.util.ArrayDeque;
import java.util.Deque;
import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.DynamicMasterState.MergeOrder;
import mse.emulator.dynamic.DynamicMasterState.Reply;

/** One rank's place in the program: a slave of {@code master}, or a master while {@code state} is set. */
final class DynamicRank {

    int master;
    double askedAt = Double.NaN;
    long clock;
    /** The tasks it holds, in the order it receives them (more than one with --prefetch). */
    final Deque<Integer> tasks = new ArrayDeque<>();
    /** The tasks of its results in flight, in send order. */
    final Deque<Integer> reportedTasks = new ArrayDeque<>();
    /** The waits its results in flight report, in send order. */
    final Deque<Long> reportedWaits = new ArrayDeque<>();
    int redirectTo;
    Reply.BecomeMaster order;
    MergeOrder merging;
    DynamicMasterState state;
}
