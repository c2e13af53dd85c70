package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;

/**
 * The conservative grant rule (DESIGN.md, "Virtual time rules"): an ANY_SOURCE receive may take its
 * earliest message only when no running rank can still send anything that would be taken first. A
 * running rank's next message arrives no earlier than its lower bound (clock plus the CPU its Progress
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

    /**
     * What the running ranks that hold `message` back must tell before it can be granted: for each, the host
     * CPU time since its last fact that lifts its lower bound past the message (null messages on demand,
     * Chandy-Misra-Bryant). In rank order.
     */
    List<EmulatorReply.ProgressRequest> holdingBack(RankState[] ranks, AnnouncedMessage message) {
        List<EmulatorReply.ProgressRequest> requests = new ArrayList<>();
        for (RankState rank : ranks) {
            if (rank.isRunning() && couldArriveFirst(rank, message)) {
                requests.add(new EmulatorReply.ProgressRequest(rank.rank, rank.factsReported, cpuToRelease(rank, message)));
            }
        }
        return requests;
    }

    /**
     * The least host CPU c with clock + charge(c) + lookahead past the message's arrival (strictly past it
     * when the rank would win the tie). charge() rounds, so the estimate from the ratio is nudged to the
     * exact least value; charge() is monotone, so a Progress of at least c releases the message.
     */
    private long cpuToRelease(RankState rank, AnnouncedMessage message) {
        long needed = message.arrivalNanos() - network.lookaheadNanos() - rank.clock.now()
                + (rank.rank < message.source() ? 1 : 0);
        TargetCpu cpu = cpus.of(rank.rank);
        long c = Math.max(0, (long) Math.ceil(needed * cpu.speedRatio()));
        while (cpu.chargeNanos(c) < needed) {
            c++;
        }
        while (c > 0 && cpu.chargeNanos(c - 1) >= needed) {
            c--;
        }
        return c;
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
