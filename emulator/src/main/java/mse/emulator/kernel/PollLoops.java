package mse.emulator.kernel;

import java.util.Arrays;

/**
 * Poll loops that hide a deadlock (docs/architecture.md "Deadlock"). A rank that tests or iprobes in a loop runs
 * between its polls, so a run in which it waits for a message that no rank will ever send never has every rank
 * blocked, and would go on until its time limit. A poll answered "nothing arrived" is idle when the rank's clock moved
 * by no more than {@link #POLL_WORK_NANOS} since its previous such answer, beyond what the empty poll itself costs:
 * the program did next to nothing between the two. Anything else a rank reports (a send, a blocking receive or probe,
 * a task done, a clock reading, a collective, its end) and every grant may change what can happen next, and starts
 * every rank's count again. The run is deadlocked once every live rank either waits in a blocking receive, probe or
 * synchronous send, or has polled idly {@link #IDLE_POLLS} times in a row since, and no message anywhere in the
 * network matches what any of them waits for: then nothing a rank does can change that, but a program's own decision
 * to stop polling after so many polls, which a program that waits for a time makes by reading the clock (MPI_Wtime,
 * which starts the count again), not by counting its polls.
 */
final class PollLoops {

    /** Idle polls in a row that make a rank's loop endless (a C rank polls in some 20-100 us of wall time). */
    static final int IDLE_POLLS = 10_000;
    /** The work a rank may do between two polls, in virtual nanoseconds, that still leaves them idle. */
    static final long POLL_WORK_NANOS = 100_000;

    private final int[] idle;
    private final long[] lastAnswer;
    private boolean someLoopLongEnough;

    PollLoops(int ranks) {
        idle = new int[ranks];
        lastAnswer = new long[ranks];
    }

    /** Whether a fact leaves the counts as they are: the poll itself, and what only measures a little time. */
    static boolean changesNothing(RankFact fact) {
        return fact instanceof RankFact.ProbeAny probe && probe.asOfNow()
                || fact instanceof RankFact.Computed computed && computed.cpuNanos() <= POLL_WORK_NANOS
                || fact instanceof RankFact.Progress || fact instanceof RankFact.CallEnter
                || fact instanceof RankFact.CallLeave || fact instanceof RankFact.OffCpu;
    }

    /** Something happened that may let a message come: every count starts again. */
    void progress() {
        Arrays.fill(idle, 0);
        someLoopLongEnough = false;
    }

    /** The rank's poll was answered "nothing arrived"; `emptyPollNanos` is what that answer charged it. */
    void nothingArrived(RankState poller, long emptyPollNanos) {
        int rank = poller.rank;
        long now = poller.clock.now();
        boolean idleSinceLast = idle[rank] > 0 && now - lastAnswer[rank] - emptyPollNanos <= POLL_WORK_NANOS;
        idle[rank] = idleSinceLast ? idle[rank] + 1 : 1;
        lastAnswer[rank] = now;
        someLoopLongEnough |= idle[rank] >= IDLE_POLLS;
    }

    /** Whether every live rank waits, or polls in an endless loop, and no message can reach any of them. */
    boolean deadlocked(RankState[] ranks, Interconnect interconnect) {
        if (!someLoopLongEnough) {
            return false;
        }
        boolean anyLive = false;
        for (RankState rank : ranks) {
            if (rank.isFinished()) {
                continue;
            }
            anyLive = true;
            boolean waits = rank.activity() == RankState.Activity.RECEIVING && !rank.polling;
            if (rank.activity() == RankState.Activity.SENDING_SYNCHRONOUSLY) {
                continue; // its message lies where its receiver does not look (or it would be matched)
            }
            if (!waits && idle[rank.rank] < IDLE_POLLS || interconnect.anyMessageFor(rank)) {
                return false;
            }
        }
        return anyLive;
    }

    /** What a rank's part of the deadlock report says it does: a poll loop, or its wait. */
    String description(RankState rank) {
        if (rank.activity() == RankState.Activity.SENDING_SYNCHRONOUSLY || rank.activity() == RankState.Activity.RECEIVING
                && !rank.polling) {
            return rank.waitDescription();
        }
        return "a loop of polls (MPI_Test, MPI_Iprobe, ...: " + idle[rank.rank] + " in a row with nothing arriving) for "
                + rank.waitDescription();
    }
}
