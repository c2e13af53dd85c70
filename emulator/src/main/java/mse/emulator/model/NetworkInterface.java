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
 * One message alone arrives after o_s + L + kG, as plain LogGP says. Per-channel FIFO needs no rule of its own:
 * a sender's messages leave in send order, so they reach d in send order (ties go to the earlier send), and
 * arrivals at one interface never decrease in the order it takes messages. The receiver's mailbox therefore
 * offers messages in that order, which is both their arrival order and MPI's non-overtaking order.
 */
public final class NetworkInterface {

    private long nextFree;
    private long busyNanos;

    /**
     * Outgoing: the message leaves at max(ready, next free) and holds the interface for `occupancy`.
     * Returns the time it leaves.
     */
    public long leave(long ready, long occupancy) {
        long start = Math.max(ready, nextFree);
        nextFree = start + occupancy;
        busyNanos += occupancy;
        return start;
    }

    /**
     * Incoming: the message that reached the interface at `reach` and is next in {@link #takesBefore} order
     * passes it from max(reach, next free), holding it for `occupancy`. Returns its arrival: that start plus
     * its own `transfer` (kG; the interface may stay busy longer when g > kG).
     */
    public long pass(long reach, long occupancy, long transfer) {
        long start = Math.max(reach, nextFree);
        nextFree = start + occupancy;
        busyNanos += occupancy;
        return start + transfer;
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
