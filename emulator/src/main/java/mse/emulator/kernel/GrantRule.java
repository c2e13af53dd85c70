package mse.emulator.kernel;

import java.util.SortedSet;
import java.util.TreeSet;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.RankCpus;

/**
 * The conservative grant rule (DESIGN.md, "Virtual time rules"): an ANY_SOURCE receive may take its
 * earliest message only when no running rank can still send anything that would be taken first. A
 * running rank's next message arrives no earlier than its lower bound (clock plus the CPU its heartbeats
 * reported) plus the lookahead (min o_s + L). A message from q arriving exactly at the candidate's arrival
 * would win the tie if q's rank is lower than the candidate's source, so then equality is not enough:
 * determinism needs the strict bound.
 */
final class GrantRule {

    private final LogGpsModel network;
    private final RankCpus cpus;

    GrantRule(LogGpsModel network, RankCpus cpus) {
        this.network = network;
        this.cpus = cpus;
    }

    /** True when no running rank can preempt `message`. */
    boolean allows(RankState[] ranks, AnnouncedMessage message) {
        for (RankState rank : ranks) {
            if (rank.isRunning() && couldArriveFirst(rank, message)) {
                return false;
            }
        }
        return true;
    }

    /** The running ranks that hold `message` back: a heartbeat from them may release it. */
    SortedSet<Integer> holdingBack(RankState[] ranks, AnnouncedMessage message) {
        SortedSet<Integer> holding = new TreeSet<>();
        for (RankState rank : ranks) {
            if (rank.isRunning() && couldArriveFirst(rank, message)) {
                holding.add(rank.rank);
            }
        }
        return holding;
    }

    private boolean couldArriveFirst(RankState rank, AnnouncedMessage message) {
        long earliest = lowerBound(rank) + network.lookaheadNanos();
        return earliest < message.arrivalNanos() || (earliest == message.arrivalNanos() && rank.rank < message.source());
    }

    /** The earliest a running rank can act: its clock plus the CPU its heartbeats reported. */
    private long lowerBound(RankState rank) {
        return rank.clock.now() + cpus.chargeNanos(rank.rank, rank.unchargedCpuNanos());
    }
}
