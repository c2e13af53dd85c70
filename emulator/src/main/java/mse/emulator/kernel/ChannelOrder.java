package mse.emulator.kernel;

import java.util.HashMap;
import java.util.Map;
import mse.emulator.model.MessageTiming;

/**
 * Per (source, destination) channel FIFO: a message never arrives before one sent earlier on the same
 * channel, a = max(a, previous a) (DESIGN.md "Virtual time rules"; MPI's non-overtaking rule).
 */
final class ChannelOrder {

    private final int processes;
    private final Map<Long, Long> lastArrival = new HashMap<>();

    ChannelOrder(int processes) {
        this.processes = processes;
    }

    long arrival(int source, int destination, long unorderedArrival) {
        long channel = (long) source * processes + destination;
        long arrival = MessageTiming.channelArrival(unorderedArrival, lastArrival.getOrDefault(channel, Long.MIN_VALUE));
        lastArrival.put(channel, arrival);
        return arrival;
    }
}
