package mse.mpi.comm;

import mse.cluster.profiles.CollectiveAlgorithm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.model.TaskCost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The rank's side of demand-driven lower bounds (EmulatedComm's inComm and operation count, the link's
 * responder and the Progress it answers with), against a scripted emulator and a scripted CPU clock, so each
 * interleaving the javadoc argues about happens exactly, not by chance: a Progress says the CPU since the last
 * fact once it reached the target asked for, tagged with the facts before it; a measurement that could
 * include the Comm layer's own CPU is never sent, and a request that crossed a fact only sends that fact.
 */
@Timeout(30)
class EmulatedCommHeartbeatTest {

    /** The program thread's CPU, as the test says; a read by the link's reader or responder may run a scripted step. */
    private static final class ScriptedCpu implements LongSupplier {
        final AtomicLong nanos = new AtomicLong();
        private volatile Runnable atHeartbeatRead = () -> { };

        @Override
        public long getAsLong() {
            // The link measures on its reader thread (a request that needs no wait) or its responder (the rest).
            String reader = Thread.currentThread().getName();
            if (reader.startsWith("mse-lower-bound") || reader.startsWith("mse-emulator-link")) {
                Runnable step = atHeartbeatRead;
                atHeartbeatRead = () -> { };
                step.run();
            }
            return nanos.get();
        }
    }

    /** Rank 1 of 2 over a Comm whose receive blocks (like LocalComm) until the test releases it. */
    private static final class BlockingComm extends PointToPointOnlyComm {
        final CountDownLatch inReceive = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final ScriptedCpu cpu;
        final long sendCpuNanos;

        BlockingComm(ScriptedCpu cpu, long sendCpuNanos) {
            this.cpu = cpu;
            this.sendCpuNanos = sendCpuNanos;
        }

        public int rank() {
            return 1;
        }

        public int size() {
            return 2;
        }

        public void send(byte[] data, int dest, int tag) {
            cpu.nanos.addAndGet(sendCpuNanos); // the Comm layer's own work, never the program's
        }

        public Message recv(int source, int tag) {
            inReceive.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new Message(source, tag, new byte[8]);
        }

        @Override
        public boolean blocksWithoutSpinning() {
            return true;
        }
    }

    private static final TaskCost REAL = new TaskCost.Real();

    @Test
    void aComputingRankReportsTheCpuSinceItsLastFactButNotTheCommsOwn() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(new BlockingComm(cpu, 50), emulator.connect(1, 2), REAL, CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            cpu.nanos.set(100);
            comm.send(new byte[8], 0, 3);
            emulator.reply(new EmulatorReply.ProgressRequest(1, 0, 1));
            assertEquals(new RankFact.Sent(1, 100, 0, 3, 8), emulator.next(), "a request that crossed a fact sends it");
            cpu.nanos.addAndGet(250);
            assertEquals(new RankFact.Progress(1, 1, 250), lowerBound(emulator, 250));
            cpu.nanos.addAndGet(30);
            assertEquals(new RankFact.Progress(1, 1, 280), lowerBound(emulator, 100), "a later answer sees more");
            comm.taskDone(7, 1);
            comm.close();
            assertEquals(List.of(new RankFact.TaskDone(1, 280, 7, 280), new RankFact.Finished(1, 0)), emulator.untilClosed(),
                    "the fact charges what the answers saw");
        }
    }

    /** A rehearsal is for plain runs (Comm#warmUp(Runnable, Runnable)): emulated, only the warm-up runs, uncharged. */
    @Test
    void anEmulatedRankRunsTheWarmUpButNotTheRehearsal() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(new BlockingComm(cpu, 0), emulator.connect(1, 2), REAL, CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            boolean[] ran = new boolean[2];
            comm.warmUp(() -> {
                ran[0] = true;
                cpu.nanos.addAndGet(900);
            }, () -> ran[1] = true);
            assertEquals(List.of(true, false), List.of(ran[0], ran[1]));
            comm.close();
            assertEquals(List.of(new RankFact.Finished(1, 0)), emulator.untilClosed(), "the warm-up's CPU is not charged");
        }
    }

    @Test
    void aRequestIsAnsweredOnlyOnceTheCpuReachesItsTarget() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(new BlockingComm(cpu, 0), emulator.connect(1, 2), REAL, CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            cpu.nanos.set(10);
            emulator.reply(new EmulatorReply.ProgressRequest(1, 0, 5_000));
            Thread.sleep(100);
            cpu.nanos.addAndGet(4_000); // still short of the target: no answer
            Thread.sleep(100);
            cpu.nanos.addAndGet(2_000);
            assertEquals(new RankFact.Progress(1, 0, 6_010), emulator.next());
            comm.close();
            assertEquals(List.of(new RankFact.Finished(1, 6_010)), emulator.untilClosed());
        }
    }

    @Test
    void noAnswerWhileTheRankWaitsInsideACommOperation() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        BlockingComm inner = new BlockingComm(cpu, 0);
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(inner, emulator.connect(1, 2), REAL, CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            cpu.nanos.set(40);
            CompletableFuture<Message> received = CompletableFuture.supplyAsync(() -> comm.recv(0, 4));
            assertEquals(new RankFact.Receive(1, 40, 0, 4, false), emulator.next());
            inner.inReceive.await();
            cpu.nanos.addAndGet(1_000); // spent inside the receive
            emulator.reply(new EmulatorReply.ProgressRequest(1, 1, 10));
            Thread.sleep(100);
            inner.release.countDown();
            received.get();
            cpu.nanos.addAndGet(70);
            assertEquals(new RankFact.Progress(1, 1, 70), emulator.next(), "after the receive, only the program's CPU");
            comm.close();
        }
    }

    /** The rank begins and ends a whole Comm operation between the responder's count and its CPU reading. */
    @Test
    void aFactReportedWhileTheResponderMeasuresIsSentInsteadOfAnAnswer() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(new BlockingComm(cpu, 0), emulator.connect(1, 2), REAL, CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            cpu.nanos.set(300);
            cpu.atHeartbeatRead = () -> {
                comm.send(new byte[8], 0, 3);
                cpu.nanos.addAndGet(150); // computing again after the send, before the responder reads
            };
            emulator.reply(new EmulatorReply.ProgressRequest(1, 0, 100));
            assertEquals(new RankFact.Sent(1, 300, 0, 3, 8), emulator.next());
            comm.close();
            assertEquals(List.of(new RankFact.Finished(1, 150)), emulator.untilClosed(),
                    "150 ns measured after a fact the request does not count is no bound for the facts before it");
        }
    }

    /** The rank enters a Comm operation between the responder's count and its CPU reading, and stays in it. */
    @Test
    void aCommOperationEnteredWhileTheResponderMeasuresLeavesNoAnswer() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        BlockingComm inner = new BlockingComm(cpu, 0);
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(inner, emulator.connect(1, 2), REAL, CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            cpu.nanos.set(500);
            CompletableFuture<Message> received = new CompletableFuture<>();
            CountDownLatch receiveCharged = new CountDownLatch(1);
            cpu.atHeartbeatRead = () -> {
                CompletableFuture.runAsync(() -> received.complete(comm.recv(0, 4)));
                awaitQuietly(inner.inReceive);
                cpu.nanos.addAndGet(900); // the receive's own CPU
                receiveCharged.countDown();
            };
            emulator.reply(new EmulatorReply.ProgressRequest(1, 0, 100));
            assertEquals(new RankFact.Receive(1, 500, 0, 4, false), emulator.next());
            // The Receive fact may arrive before the responder's step added the receive's CPU: releasing the
            // receive then would end it at 500 ns and count those 900 ns as computation after it.
            receiveCharged.await();
            inner.release.countDown();
            received.get();
            comm.close();
            assertEquals(List.of(new RankFact.Finished(1, 0)), emulator.untilClosed());
        }
    }

    /** An irecv is a Comm operation that reports no fact: the CPU before it is the next fact's, never lost. */
    @Test
    void theCpuBeforeAnOperationWithoutAFactGoesWithTheNextFact() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(new BlockingComm(cpu, 1_000), emulator.connect(1, 2), REAL, CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            cpu.nanos.set(100);
            comm.irecv(0, 9, 8);
            cpu.nanos.addAndGet(50);
            assertEquals(new RankFact.Progress(1, 0, 150), lowerBound(emulator, 0, 120), "a lower bound counts it too");
            comm.send(new byte[8], 0, 3);
            cpu.nanos.addAndGet(20);
            comm.close();
            assertEquals(List.of(new RankFact.Sent(1, 150, 0, 3, 8), new RankFact.Finished(1, 20)), emulator.untilClosed(),
                    "100 ns before the irecv and 50 after it, not the send's own 1,000");
        }
    }

    @Test
    void aDeterministicCostModelNeverAnswers() throws Exception {
        ScriptedCpu cpu = new ScriptedCpu();
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatedComm comm = new EmulatedComm(new BlockingComm(cpu, 0), emulator.connect(1, 2),
                    new TaskCost.Fixed(1_000), CollectiveAlgorithm.BINOMIAL, new CpuMeter(cpu));
            cpu.nanos.set(100);
            comm.send(new byte[8], 0, 3);
            assertFalse(emulator.lowerBoundConnectionOpened(), "nobody could be asked for a lower bound");
            cpu.nanos.addAndGet(5_000);
            Thread.sleep(100);
            comm.close();
            assertEquals(List.of(new RankFact.Sent(1, 0, 0, 3, 8), new RankFact.Finished(1, 0)), emulator.untilClosed());
        }
    }

    private static RankFact lowerBound(ScriptedEmulator emulator, long cpuNanos) throws Exception {
        return lowerBound(emulator, 1, cpuNanos);
    }

    private static RankFact lowerBound(ScriptedEmulator emulator, long factsSeen, long cpuNanos) throws Exception {
        emulator.reply(new EmulatorReply.ProgressRequest(1, factsSeen, cpuNanos));
        return emulator.next(RankFact.Progress.class);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
