package mse.emulator.kernel;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import mse.emulator.model.NetworkInterface;

/** What the kernel knows about one rank: its clock, what it is doing, and its time accounting. */
final class RankState {

    enum Activity { RUNNING, RECEIVING, SENDING_SYNCHRONOUSLY, FINISHED }

    final int rank;
    final VirtualClock clock = new VirtualClock();
    /** The rank's outgoing network interface: its messages leave one after the other. */
    final NetworkInterface outgoing;
    private Activity activity = Activity.RUNNING;

    /** Host CPU nanoseconds reported by Progress heartbeats and not charged yet (the next fact charges them). */
    private long unchargedCpuNanos;

    /** While RECEIVING: what the posted receive or probe matches (any of these). */
    List<MessagePattern> wanted = List.of();
    /** While RECEIVING: true for a probe, which leaves the granted message queued. */
    boolean probing;
    /** While RECEIVING: true for a probe answered as of the rank's clock (iprobe, test), which never waits. */
    boolean polling;

    /** While SENDING_SYNCHRONOUSLY: the message that must be matched before the rank resumes. */
    AnnouncedMessage synchronousMessage;

    /** Facts that reached the kernel while the rank was blocked here (it went on in MPI); applied on wake-up. */
    final Deque<RankFact> held = new ArrayDeque<>();

    /** The task this rank finished and whose result it has not sent yet (Charge.NONE: none). */
    int unsentResult = Charge.NONE;
    /** The task whose result this rank received last; the CPU of its facts up to its next receive is its work on it. */
    int receivedResult = Charge.NONE;

    long sendNanos;
    long receiveNanos;
    long computeNanos;
    long idleNanos;

    RankState(int rank, NetworkInterface outgoing) {
        this.rank = rank;
        this.outgoing = outgoing;
    }

    Activity activity() {
        return activity;
    }

    boolean isRunning() {
        return activity == Activity.RUNNING;
    }

    boolean isBlocked() {
        return activity == Activity.RECEIVING || activity == Activity.SENDING_SYNCHRONOUSLY;
    }

    boolean isFinished() {
        return activity == Activity.FINISHED;
    }

    /** Facts other than Progress reported so far, held ones included: what a fresh heartbeat names. */
    long factsReported;

    /** A heartbeat measured since the last fact: the most CPU seen so far bounds the rank from below. */
    void addProgress(RankFact.Progress progress) {
        if (progress.factsBefore() == factsReported) {
            unchargedCpuNanos = Math.max(unchargedCpuNanos, progress.cpuNanos());
            if (progress.cpuNanos() > 0) {
                lowerBounds++;
            }
        }
    }

    /** Heartbeats taken as a lower bound with CPU in them: a real-mode run that holds grants back has some. */
    long lowerBounds;

    /** What the rank said of its time off the CPU between calls; null until it says (or when it never does). */
    OffCpuTime offCpu;

    /** The errors its program went on after, by kind in the order of their first, each counted. */
    final Map<List<String>, MpiErrorCount> errors = new LinkedHashMap<>();

    void errorReturned(RankFact.MpiError e) {
        errors.merge(List.of(e.call(), e.error(), e.handler()),
                new MpiErrorCount(rank, e.call(), e.error(), e.handler(), 1, clock.now()),
                (first, again) -> new MpiErrorCount(rank, first.call(), first.error(), first.handler(), first.count() + 1,
                        first.firstVirtualNanos()));
    }

    /** Host CPU to charge with the current fact: its own measurement, which includes what heartbeats saw. */
    long takeCpu(long cpuNanos) {
        unchargedCpuNanos = 0;
        return cpuNanos;
    }

    long unchargedCpuNanos() {
        return unchargedCpuNanos;
    }

    void receive(List<MessagePattern> patterns, boolean probe, boolean asOfNow) {
        activity = Activity.RECEIVING;
        probing = probe;
        polling = asOfNow;
        wanted = patterns;
    }

    void sendSynchronously(AnnouncedMessage message) {
        activity = Activity.SENDING_SYNCHRONOUSLY;
        synchronousMessage = message;
    }

    void resume() {
        activity = Activity.RUNNING;
        synchronousMessage = null;
    }

    void finish() {
        activity = Activity.FINISHED;
    }

    RankAccount account(long incomingBusyNanos) {
        return new RankAccount(rank, sendNanos, receiveNanos, computeNanos, idleNanos, clock.now(), isFinished(),
                incomingBusyNanos);
    }

    /** The most patterns a deadlock report names for one rank. */
    private static final int DESCRIBED_PATTERNS = 8;

    /** "receive(source=ANY, tag=2)", as a deadlock report shows it. */
    String waitDescription() {
        if (activity == Activity.SENDING_SYNCHRONOUSLY) {
            AnnouncedMessage m = synchronousMessage;
            return "synchronous send(dest=" + m.destination() + ", tag=" + m.tag() + ", bytes=" + m.bytes() + ")";
        }
        // A wait over thousands of receives would make a report of megabytes: its first patterns say enough.
        String patterns = wanted.stream().limit(DESCRIBED_PATTERNS).map(MessagePattern::toString)
                .collect(Collectors.joining(" or "));
        int more = wanted.size() - DESCRIBED_PATTERNS;
        return (probing ? "probe" : "receive") + patterns + (more > 0 ? " or " + more + " more patterns" : "");
    }
}
