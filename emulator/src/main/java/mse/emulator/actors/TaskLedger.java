package mse.emulator.actors;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import mse.emulator.kernel.TaskRecord;

/**
 * Every task the kernel saw done, in order, with its master's CPU for handling the task's result added when that
 * comes (after the task); the count of tasks done is shared with the launcher's progress line.
 */
final class TaskLedger {

    private final List<TaskRecord> tasks = new ArrayList<>();
    /** Where each task id sits in tasks, for its master's CPU on its result, which comes after it. */
    private final Map<Integer, Integer> taskIndex = new HashMap<>();
    private final AtomicLong tasksDone;

    TaskLedger(AtomicLong tasksDone) {
        this.tasksDone = tasksDone;
    }

    void done(TaskRecord task) {
        taskIndex.put(task.taskId(), tasks.size());
        tasks.add(task);
        tasksDone.incrementAndGet();
    }

    void resultHandled(int task, long hostCpuNanos) {
        Integer at = taskIndex.get(task);
        if (at != null) {
            TaskRecord t = tasks.get(at);
            tasks.set(at, t.withMasterCpuNanos(t.masterCpuNanos() + hostCpuNanos));
        }
    }

    List<TaskRecord> tasks() {
        return tasks;
    }
}
