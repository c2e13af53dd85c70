package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.ANY;
import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.grants;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.LogGpsModel;
import org.junit.jupiter.api.Test;

/** FIFO channels, MPI matching and the interface's tie-breaking order (reach, then source rank, then sequence). */
class MatchingOrderTest {

    @Test
    void smallMessageNeverOvertakesABigOneOnTheSameChannel() {
        LogGpsModel model = Fixtures.model(2);
        List<MessageRecord> records = new ArrayList<>();
        VirtualTimeKernel kernel = Fixtures.kernel(2, records::add);
        feed(kernel, send(0, 1, 7, 1_000_000), send(0, 1, 8, 1), finish(0));
        List<EmulatorReply.Grant> grants = grants(feed(kernel,
                receive(1, ANY, ANY), receive(1, ANY, ANY), finish(1)));

        assertEquals(List.of(7, 8), grants.stream().map(EmulatorReply.Grant::tag).toList());
        long bigArrival = model.sendOverheadNanos(1_000_000) + model.wireNanos(1_000_000);
        long smallAlone = model.sendOverheadNanos(1_000_000) + model.sendOverheadNanos(1) + model.wireNanos(1);
        assertTrue(smallAlone < bigArrival, "on separate links the small one would arrive first");
        assertEquals(bigArrival, records.get(0).arrivalNanos());
        // The small one leaves when the sender's interface has sent the big one's bytes, then passes the receiver's.
        long smallLeaves = model.sendOverheadNanos(1_000_000) + model.transferNanos(1_000_000);
        assertEquals(smallLeaves + model.wireNanos(1), records.get(1).arrivalNanos());
        assertTrue(records.get(1).arrivalNanos() > bigArrival);
    }

    @Test
    void specificTagTakesTheEarliestSentMatchingMessage() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, send(0, 1, 5, 10), send(0, 1, 6, 10), send(0, 1, 5, 20), finish(0));
        List<EmulatorReply.Grant> grants = grants(feed(kernel,
                receive(1, 0, 6), receive(1, 0, 5), receive(1, 0, 5), finish(1)));
        assertEquals(List.of(6, 5, 5), grants.stream().map(EmulatorReply.Grant::tag).toList());
        assertEquals(List.of(10, 10, 20), grants.stream().map(EmulatorReply.Grant::bytes).toList());
    }

    @Test
    void equalReachGoesToTheLowerSourceRankWhateverOrderTheFactsCameIn() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        // Rank 2's identical send reaches the kernel first; both reach rank 0's interface at the same virtual time.
        feed(kernel, send(2, 0, 1, 64), send(1, 0, 1, 64), finish(1), finish(2));
        List<EmulatorReply.Grant> grants = grants(feed(kernel, receive(0, ANY, 1), receive(0, ANY, 1), finish(0)));
        assertEquals(List.of(1, 2), grants.stream().map(EmulatorReply.Grant::source).toList());
    }

    @Test
    void messagesFromOneSourceGoInSendOrder() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        // The second message is shorter, so on a link of its own it would arrive first; it leaves after the first.
        feed(kernel, send(0, 1, 1, 4000), send(0, 1, 2, 0), finish(0));
        List<EmulatorReply.Grant> grants = grants(feed(kernel, receive(1, ANY, ANY), receive(1, ANY, ANY), finish(1)));
        assertEquals(List.of(1, 2), grants.stream().map(EmulatorReply.Grant::tag).toList());
    }

    @Test
    void anySourceTakesTheEarliestArrivalNotTheFirstAnnounced() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        // Rank 1 computes 1 ms before sending; rank 2 sends at once but its fact reaches the kernel later.
        feed(kernel, new RankFact.Sent(1, 1_000_000, 0, 1, 8), finish(1));
        feed(kernel, receive(0, ANY, ANY));
        List<EmulatorReply.Grant> grants = grants(feed(kernel, send(2, 0, 2, 8), finish(2)));
        assertEquals(2, grants.get(0).source());
    }
}
