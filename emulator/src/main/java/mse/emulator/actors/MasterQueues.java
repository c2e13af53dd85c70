package mse.emulator.actors;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.report.LatencyHistograms;
import mse.emulator.timeline.TimelineWriter;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * The keeper's {@link MasterQueue}s, one per master, by rank: spawned on first need, told every message to or from
 * their master, and asked for their summaries once the run completed.
 */
final class MasterQueues {

    private final ActorContext<?> context;
    private final Optional<TimelineWriter> timeline;
    private final Map<Integer, ActorRef<MasterQueue.Command>> queues = new TreeMap<>();
    private final Map<Integer, LatencyHistograms> summaries = new HashMap<>();

    MasterQueues(ActorContext<?> context, Optional<TimelineWriter> timeline) {
        this.context = context;
        this.timeline = timeline;
    }

    /**
     * A MasterQueue for this rank, spawned on first need. A master found by its first ANY_SOURCE receive (a
     * dynamic master) is measured from then on: keeping every earlier message to replay would make memory
     * grow with the run.
     */
    void ensure(int master) {
        if (!queues.containsKey(master)) {
            timeline.ifPresent(t -> t.master(master));
            queues.put(master, context.spawn(MasterQueue.create(master), "master-queue-" + master));
        }
    }

    /** A message received: its destination's queue and its source's, when they are masters, learn of it. */
    void deliver(MessageRecord message) {
        ActorRef<MasterQueue.Command> to = queues.get(message.destination());
        if (to != null) {
            to.tell(new MasterQueue.Delivered(message));
        }
        ActorRef<MasterQueue.Command> from = queues.get(message.source());
        if (from != null && from != to) {
            from.tell(new MasterQueue.Delivered(message));
        }
    }

    /** Asks every queue for its summary; false when there is none to wait for. */
    boolean summarize(ActorRef<MasterQueue.Summary> replyTo) {
        queues.values().forEach(q -> q.tell(new MasterQueue.Summarize(replyTo)));
        return !queues.isEmpty();
    }

    /** One queue's summary arrived; true once every queue's has. */
    boolean summarized(MasterQueue.Summary summary) {
        summaries.put(summary.master(), summary.histograms());
        return summaries.size() == queues.size();
    }

    List<Integer> masters() {
        return List.copyOf(queues.keySet());
    }

    Map<Integer, LatencyHistograms> summaries() {
        return summaries;
    }
}
