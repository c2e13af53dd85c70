package mse.emulator.actors;

import mse.emulator.kernel.MasterQueueStatistics;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.report.LatencyHistograms;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * One master's incoming queue (seed 001, section 3): every message delivered to or from the master, as
 * the kernel settled it in virtual time, folded at once into histograms (no per-message memory). It derives how long each message waited while the
 * master was busy, how long the queue was, the receive overhead (which grows with P, Table 2) and how
 * long slaves waited for their next task, as HdrHistograms.
 */
public final class MasterQueue extends AbstractBehavior<MasterQueue.Command> {

    public sealed interface Command {}

    /** A message to or from this master was received; its virtual times are final. */
    public record Delivered(MessageRecord message) implements Command {}

    /** The run is over: reply with the distributions. */
    public record Summarize(ActorRef<Summary> replyTo) implements Command {}

    public record Summary(int master, LatencyHistograms histograms) {}

    private final int master;
    private final LatencyHistograms histograms = new LatencyHistograms();
    private final MasterQueueStatistics statistics;

    private MasterQueue(ActorContext<Command> context, int master) {
        super(context);
        this.master = master;
        this.statistics = new MasterQueueStatistics(master, histograms);
    }

    public static Behavior<Command> create(int master) {
        return Behaviors.setup(context -> new MasterQueue(context, master));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Delivered.class, this::onDelivered)
                .onMessage(Summarize.class, this::onSummarize)
                .build();
    }

    private Behavior<Command> onDelivered(Delivered delivered) {
        statistics.observe(delivered.message());
        return this;
    }

    private Behavior<Command> onSummarize(Summarize summarize) {
        statistics.finish();
        summarize.replyTo().tell(new Summary(master, histograms));
        return this;
    }
}
