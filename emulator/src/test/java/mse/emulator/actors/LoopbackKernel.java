package mse.emulator.actors;

import java.util.HashMap;
import java.util.Map;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * A stand-in for the virtual-time kernel in gateway tests and the round-trip benchmark: it keeps each
 * rank's RankConnection, answers asks with replies derived from the fact (so a test can tell whose answer
 * it got), and forwards every event to an observer. Wiring a real kernel looks the same.
 */
final class LoopbackKernel {

    /** A Receive with this tag is left unanswered, so a test can abort a rank blocked in ask. */
    static final int HOLD_TAG = 99;

    private LoopbackKernel() {}

    static Behavior<GatewayEvent> create(ActorRef<GatewayEvent> observer) {
        return Behaviors.setup(context -> running(new HashMap<>(), observer));
    }

    private static Behavior<GatewayEvent> running(Map<Integer, RankConnection> ranks,
            ActorRef<GatewayEvent> observer) {
        return Behaviors.receive(GatewayEvent.class)
                .onMessage(GatewayEvent.RankConnected.class, connected -> {
                    ranks.put(connected.rank(), connected.connection());
                    return forward(observer, connected);
                })
                .onMessage(GatewayEvent.LowerBoundsConnected.class, connected -> forward(observer, connected))
                .onMessage(GatewayEvent.FactsArrived.class, arrived -> {
                    arrived.facts().forEach(fact -> answer(ranks.get(fact.rank()), fact));
                    return forward(observer, arrived);
                })
                .onMessage(GatewayEvent.RankDisconnected.class, gone -> {
                    ranks.remove(gone.rank());
                    return forward(observer, gone);
                })
                .onMessage(GatewayEvent.ConnectionRejected.class, rejected -> forward(observer, rejected))
                .build();
    }

    /** Grant(source = 10 * rank + 1, bytes = rank) and Clock(2 * cpuNanos): recognisably this rank's. */
    private static void answer(RankConnection connection, RankFact fact) {
        if (fact instanceof RankFact.Receive r && r.needsAnswer() && r.tag() != HOLD_TAG) {
            connection.send(new EmulatorReply.Grant(r.rank(), 10 * r.rank() + 1, r.tag(), r.rank(), r.cpuNanos()));
        } else if (fact instanceof RankFact.ClockQuery q) {
            connection.send(new EmulatorReply.Clock(q.rank(), 2 * q.cpuNanos()));
        }
    }

    private static Behavior<GatewayEvent> forward(ActorRef<GatewayEvent> observer, GatewayEvent event) {
        if (observer != null) {
            observer.tell(event);
        }
        return Behaviors.same();
    }
}
