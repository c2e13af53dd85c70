package mse.emulator.kernel;

/**
 * When a poll may answer "nothing arrived".
 *
 * <p>Non-blocking operations (docs/architecture.md "Virtual time rules", "Probe / test") come as ProbeAny facts. A blocking
 * one (waitAny) is a probe over several patterns: it takes the first matching message to arrive. One as of now
 * (iprobe, test) is answered for the rank's clock without waiting for the message: "arrived" as soon as the first
 * matching message that passed the interface arrived by then, "nothing" once no message can still arrive by then
 * (no matching one waiting at the interface does, and the {@link GrantRule} horizon lies beyond the clock); until
 * then the rank is held like a blocked one, and running ranks are asked for their lower bounds. An empty poll costs
 * o_r(P, 0), so a polling loop advances in virtual time even where computation is not charged. Which posted
 * receive a message goes to is the rank's own business (mse.mpi.comm.PostedReceives): the kernel only ever sees
 * the probes and receives that matching makes.
 */
final class PollRule {

    private final RankState[] ranks;
    private final Interconnect interconnect;

    PollRule(RankState[] ranks, Interconnect interconnect) {
        this.ranks = ranks;
        this.interconnect = interconnect;
    }

    /**
     * A poll with no matching message passed is answered "nothing arrived" once nothing can arrive by the rank's
     * clock: no matching message waiting at its interface arrives that early and no rank can still announce one
     * that reaches it by then (the horizon of {@link GrantRule}), as docs/architecture.md asks ("Probe / test"). Null when
     * no poll can be answered so.
     */
    RankState nothingCanArrive() {
        Horizon horizon = null;
        for (int rank = interconnect.nextPoller(0); rank >= 0; rank = interconnect.nextPoller(rank + 1)) {
            RankState poller = ranks[rank];
            horizon = horizon != null ? horizon : interconnect.horizon();
            long now = poller.clock.now();
            if (horizon.beyond(now) && interconnect.earliestWaitingArrival(poller) > now) {
                return poller;
            }
        }
        return null;
    }

    /**
     * Zero lookahead only, like {@link Interconnect#passWhenAllBlocked}: when every unfinished rank is blocked and
     * every interface is empty, the poll with the least clock (then rank) answers with what has arrived: nothing.
     * Null when some rank runs or nobody polls.
     */
    RankState leastWhenAllBlocked() {
        if (interconnect.anyRunning()) {
            return null;
        }
        RankState least = null;
        for (int rank = interconnect.nextPoller(0); rank >= 0; rank = interconnect.nextPoller(rank + 1)) {
            RankState poller = ranks[rank];
            if (least == null || poller.clock.now() < least.clock.now()) {
                least = poller;
            }
        }
        return least;
    }
}
