package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;

import mse.cluster.profiles.NetworkProfile;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/** LogGPS's S: messages of at least S bytes are a rendezvous; the sender resumes when the receive starts. */
class SynchronousSendTest {

    static LogGpsModel rendezvousModel(int processes) {
        NetworkProfile mpich = Fixtures.MPICH;
        return new LogGpsModel(new NetworkProfile("rendezvous", "test", mpich.latencyMicros(), 0,
                mpich.gapPerByteMicros(), 4096, mpich.sendOverhead(), mpich.recvOverhead()), processes);
    }

    @Test
    void senderWaitsForALateReceiver() {
        LogGpsModel model = rendezvousModel(2);
        VirtualTimeKernel kernel = new VirtualTimeKernel(model, new TargetCpu(1.0));
        // Rank 0 sends 8 KiB then sends a small eager message; the receiver only posts after 5 ms of CPU.
        feed(kernel, send(0, 1, 1, 8192), send(0, 1, 2, 1), finish(0));
        assertEquals(model.sendOverheadNanos(8192), kernel.clockOf(0), "blocked: the second send is held");
        feed(kernel, new RankFact.Receive(1, 5_000_000, 0, 1, false), receive(1, 0, 2), finish(1));

        RankAccount sender = kernel.result().ranks().get(0);
        // resumes at the receive start (5 ms), then pays o_s for the eager message
        assertEquals(5_000_000 + model.sendOverheadNanos(1), sender.finalClockNanos());
        assertEquals(5_000_000 - model.sendOverheadNanos(8192), sender.idleNanos());
        assertEquals(new RunOutcome.Completed(), kernel.outcome());
    }

    @Test
    void earlyReceiverStartsAtArrivalAndReleasesTheSenderThen() {
        LogGpsModel model = rendezvousModel(2);
        VirtualTimeKernel kernel = new VirtualTimeKernel(model, new TargetCpu(1.0));
        feed(kernel, receive(1, 0, 1), finish(1), send(0, 1, 1, 8192), finish(0));
        long arrival = model.sendOverheadNanos(8192) + model.wireNanos(8192);
        assertEquals(arrival, kernel.clockOf(0));
        assertEquals(arrival + model.recvOverheadNanos(8192), kernel.clockOf(1));
    }
}
