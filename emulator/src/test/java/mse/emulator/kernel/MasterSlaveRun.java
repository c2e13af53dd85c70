package mse.emulator.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;

/**
 * Drives a kernel with the facts a single-master (SI) master/slave program produces, as seed 001
 * (001_cb00b78257109af6.txt) section 3 describes MASE: the master sends one task to each slave, then loops
 * "receive a result from ANY slave, send that slave the next task (or a stop message)"; a slave loops
 * "receive, compute a fixed CPU time, send the result". Each rank's facts come out in program order; the
 * order in which different ranks' facts reach the kernel is chosen by `interleaving` (null: lowest rank first).
 */
final class MasterSlaveRun {

    static final int TASK = 1;
    static final int RESULT = 2;
    static final int STOP = 3;

    private final VirtualTimeKernel kernel;
    private final int processes;
    private final int tasks;
    private final long taskCpuNanos;
    private final int taskBytes;
    private final int resultBytes;
    private final List<Deque<RankFact>> outboxes = new ArrayList<>();
    private int tasksSent;
    private int resultsReceived;

    MasterSlaveRun(VirtualTimeKernel kernel, int processes, int tasks, long taskCpuNanos, int taskBytes, int resultBytes) {
        this.kernel = kernel;
        this.processes = processes;
        this.tasks = tasks;
        this.taskCpuNanos = taskCpuNanos;
        this.taskBytes = taskBytes;
        this.resultBytes = resultBytes;
        for (int rank = 0; rank < processes; rank++) {
            outboxes.add(new ArrayDeque<>());
        }
    }

    RunResult run(Random interleaving) {
        for (int slave = 1; slave < processes; slave++) {
            assignOrStop(slave);
            outboxes.get(slave).add(new RankFact.Receive(slave, 0, 0, RankFact.ANY, false));
        }
        outboxes.get(0).add(new RankFact.Receive(0, 0, RankFact.ANY, RESULT, true));
        List<Integer> ready = new ArrayList<>();
        while (true) {
            ready.clear();
            for (int rank = 0; rank < processes; rank++) {
                if (!outboxes.get(rank).isEmpty()) {
                    ready.add(rank);
                }
            }
            if (ready.isEmpty()) {
                break;
            }
            int rank = interleaving == null ? ready.get(0) : ready.get(interleaving.nextInt(ready.size()));
            for (EmulatorReply reply : kernel.accept(outboxes.get(rank).poll())) {
                react(reply);
            }
        }
        assertEquals(new RunOutcome.Completed(), kernel.outcome());
        return kernel.result();
    }

    private void react(EmulatorReply reply) {
        if (reply instanceof EmulatorReply.Abort abort) {
            fail("unexpected abort: " + abort);
        }
        if (!(reply instanceof EmulatorReply.Grant grant)) {
            return;
        }
        if (grant.rank() == 0) {
            resultsReceived++;
            assignOrStop(grant.source());
            outboxes.get(0).add(resultsReceived == tasks
                    ? new RankFact.Finished(0, 0)
                    : new RankFact.Receive(0, 0, RankFact.ANY, RESULT, true));
        } else if (grant.tag() == TASK) {
            Deque<RankFact> slave = outboxes.get(grant.rank());
            slave.add(new RankFact.Sent(grant.rank(), taskCpuNanos, 0, RESULT, resultBytes));
            slave.add(new RankFact.Receive(grant.rank(), 0, 0, RankFact.ANY, false));
        } else {
            outboxes.get(grant.rank()).add(new RankFact.Finished(grant.rank(), 0));
        }
    }

    private void assignOrStop(int slave) {
        if (tasksSent < tasks) {
            tasksSent++;
            outboxes.get(0).add(new RankFact.Sent(0, 0, slave, TASK, taskBytes));
        } else {
            outboxes.get(0).add(new RankFact.Sent(0, 0, slave, STOP, 0));
        }
    }
}
