package mse.emulator.kernel;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a run ends (docs/architecture.md "Virtual time rules", "Deadlock"): completed once every rank finished; deadlocked
 * when every live rank is blocked and nothing is grantable, reporting which rank waits on what; failed when a
 * rank says so. A deadlock or failure aborts the live ranks, so nothing hangs.
 */
final class RunEnding {

    private RunEnding() {
    }

    /** The outcome once nobody runs any more (with an Abort for every live rank on deadlock); empty while some rank runs. */
    static Optional<RunOutcome> ifOver(RankState[] ranks, List<EmulatorReply> replies) {
        for (RankState rank : ranks) {
            if (rank.isRunning()) {
                return Optional.empty(); // checked first: this runs after every receive
            }
        }
        List<RankState> live = Arrays.stream(ranks).filter(rank -> !rank.isFinished()).toList();
        if (live.isEmpty()) {
            return Optional.of(new RunOutcome.Completed());
        }
        // Nobody runs, so the kernel's settle() let every waiting message pass and granted every receive it could.
        DeadlockReport report = new DeadlockReport(live.stream()
                .map(rank -> new DeadlockReport.Wait(rank.rank, rank.waitDescription())).toList());
        live.forEach(rank -> replies.add(new EmulatorReply.Abort(rank.rank, report.toString())));
        return Optional.of(new RunOutcome.Deadlocked(report));
    }

    /** Every live rank waits or polls in an endless loop (PollLoops): the deadlock, each live rank aborted with it. */
    static RunOutcome pollingForever(RankState[] ranks, PollLoops loops, List<EmulatorReply> replies) {
        List<RankState> live = Arrays.stream(ranks).filter(rank -> !rank.isFinished()).toList();
        DeadlockReport report = new DeadlockReport(live.stream()
                .map(rank -> new DeadlockReport.Wait(rank.rank, loops.description(rank))).toList(), true);
        live.forEach(rank -> replies.add(new EmulatorReply.Abort(rank.rank, report.toString())));
        return new RunOutcome.Deadlocked(report);
    }

    /** A rank failed: every other live rank is aborted with the reason. */
    static RunOutcome failed(RankState[] ranks, RankFact.Failed failed, List<EmulatorReply> replies) {
        RunOutcome outcome = new RunOutcome.Failed(failed.rank(), failed.reason());
        for (RankState rank : ranks) {
            if (!rank.isFinished() && rank.rank != failed.rank()) {
                replies.add(new EmulatorReply.Abort(rank.rank, outcome.reason()));
            }
        }
        return outcome;
    }

    /** An erroneous program (CollectiveCalls): every live rank is aborted, the one whose call showed it too. */
    static RunOutcome erroneous(RankState[] ranks, int rank, String difference, List<EmulatorReply> replies) {
        RunOutcome outcome = new RunOutcome.Failed(rank, difference);
        for (RankState r : ranks) {
            if (!r.isFinished()) {
                replies.add(new EmulatorReply.Abort(r.rank, outcome.reason()));
            }
        }
        return outcome;
    }
}
