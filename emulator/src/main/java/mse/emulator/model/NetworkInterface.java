package mse.emulator.model;

/**
 * One direction (outgoing or incoming) of one processor's network interface, with the time it is next free.
 * In LogGP (Alexandrov et al., 1995) g and G belong to a processor: its interface moves one message every g
 * at least and one byte every G, in and out, so messages converging on a master are serialized at the
 * master's interface. LogGOPSim keeps the same per-interface "next free" times. The live kernel and the fast
 * simulator (mse.emulator.sim) both move every message through these objects, so they cannot disagree.
 *
 * <p>The rule, for a k-byte message from s to d (all times integer nanoseconds, costs from {@link NetworkModel}):
 * <ol>
 *   <li>s's clock t advances by o_s; the message is ready to leave at t + o_s.</li>
 *   <li>It leaves at {@code leave = max(t + o_s, s.out.nextFree)}; s.out is busy for max(g, kG) from then.</li>
 *   <li>After L it reaches d's incoming interface: {@code reach = leave + L}.</li>
 *   <li>d's incoming interface takes the messages that reach it one at a time, in the order
 *       {@link #takesBefore}: earlier reach first; equal reach, lower source rank; same source, earlier send.
 *       A message starts passing at {@code start = max(reach, d.in.nextFree)}, holds the interface for
 *       max(g, kG) and has arrived (all its bytes in) at {@code a = start + kG}.</li>
 *   <li>The receive then starts at max(receiver's clock, a) and costs o_r ({@link MessageTiming}).</li>
 * </ol>
 * One message alone arrives after o_s + L + kG, as plain LogGP says.
 *
 * <p>A link that has been idle may pass a burst at once: a token-bucket shaper lets its bucket's depth through at line
 * rate, and a NIC or switch with a buffer does alike. The profile's burst B (network.burst-bytes, 0 by default) gives
 * each interface a credit tau = B G: an interface idle for at least tau since it was last free lets a message start
 * up to tau early, so its bytes pass tau sooner (never before they reach it), while a stream of messages still passes
 * one byte per G, as the bucket refills at the link's rate. This is the token bucket in virtual-scheduling form
 * (the GCRA of ATM's traffic contracts): {@code start = max(reach - tau, nextFree)}, {@code a = max(reach, start + kG)},
 * next free at {@code start + max(g, kG)}; at the outgoing interface {@code leave = max(ready, nextFree)} as before.
 * With B = 0 every formula is the one above. Arrivals still never decrease in the order an interface takes messages
 * (a later start plus a transfer no shorter than the last one's occupancy), and no message arrives before it reaches.
 *
 * <p>Per-channel FIFO needs no rule of its own:
 * a sender's messages leave in send order, so they reach d in send order (ties go to the earlier send), and
 * arrivals at one interface never decrease in the order it takes messages. The receiver's mailbox therefore
 * offers messages in that order, which is both their arrival order and MPI's non-overtaking order.
 */
public final class NetworkInterface {

    private final long creditNanos;
    private long nextFree;
    private long busyNanos;

    /** An interface of a link without burst credit (B = 0: plain LogGP). */
    public NetworkInterface() {
        this(0);
    }

    /** An interface whose idle link passes up to `creditNanos` (B G) of bytes at once; {@link NetworkModel#newInterface}. */
    public NetworkInterface(long creditNanos) {
        if (creditNanos < 0) {
            throw new IllegalArgumentException("a burst credit cannot be negative: " + creditNanos);
        }
        this.creditNanos = creditNanos;
        this.nextFree = -creditNanos; // the bucket starts full, as a link that was idle before the run
    }

    /**
     * Outgoing: the message leaves at max(ready, next free) and holds the interface for `occupancy`.
     * Returns the time it leaves.
     */
    public long leave(long ready, long occupancy) {
        long leave = Math.max(ready, nextFree);
        nextFree = start(ready) + occupancy;
        busyNanos += occupancy;
        return leave;
    }

    /**
     * Incoming: the message that reached the interface at `reach` and is next in {@link #takesBefore} order
     * passes it from max(reach, next free), holding it for `occupancy`. Returns its arrival: that start plus
     * its own `transfer` (kG; the interface may stay busy longer when g > kG).
     */
    public long pass(long reach, long occupancy, long transfer) {
        long arrival = arrival(reach, transfer);
        nextFree = start(reach) + occupancy;
        busyNanos += occupancy;
        return arrival;
    }

    /** When a message that reached the interface at `reach` would have arrived had it passed now (no state changes). */
    public long arrival(long reach, long transfer) {
        return Math.max(reach, start(reach) + transfer);
    }

    /** Where a message's bytes start passing in the bucket's virtual schedule: up to the credit early, after the last. */
    private long start(long reach) {
        return Math.max(reach - creditNanos, nextFree);
    }

    /** When the interface is free for the next message. */
    public long nextFree() {
        return nextFree;
    }

    /** How long the interface has been busy in all: the master's link time of the breakdown. */
    public long busyNanos() {
        return busyNanos;
    }

    /**
     * The order an incoming interface takes messages in: earlier reach, then lower source rank, then earlier
     * send (sequence, which only ever compares messages of one source).
     */
    public static boolean takesBefore(long reach, int source, long sequence, long otherReach, int otherSource, long otherSequence) {
        if (reach != otherReach) {
            return reach < otherReach;
        }
        if (source != otherSource) {
            return source < otherSource;
        }
        return sequence < otherSequence;
    }
}
