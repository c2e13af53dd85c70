package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;
import mse.emulator.kernel.VirtualTimeKernel;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.EmulationReport;
import mse.emulator.wire.EmulationAbortedException;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The whole emulator (gateway, keeper, master queues) driven by scripted ranks over real sockets. */
@Timeout(60)
class EmulationSessionTest {

    private static LogGpsModel model(int np) {
        return new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), np);
    }

    private static EmulationSession start(int np) {
        return EmulationSession.start(new EmulationSetup(model(np), new TargetCpu(1.0), List.of(0), "127.0.0.1",
                Duration.ofSeconds(20)));
    }

    /** Runs one script per rank, each on its own thread with its own link. */
    private static List<Thread> ranks(EmulationSession session, int np, List<Consumer<EmulatorLink>> scripts) {
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < np; r++) {
            int rank = r;
            Thread t = new Thread(() -> {
                try (EmulatorLink link = EmulatorLink.connect("127.0.0.1", session.address().getPort(),
                        new Hello(session.token(), rank, np))) {
                    scripts.get(rank).accept(link);
                } catch (EmulationAbortedException expected) {
                    // the run was ended by the emulator; the test checks why
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            t.start();
            threads.add(t);
        }
        return threads;
    }

    private static List<RankFact> masterScript(int slaves) {
        List<RankFact> facts = new ArrayList<>();
        for (int s = 1; s <= slaves; s++) {
            facts.add(new RankFact.Sent(0, 1_000, s, 1, 12));
        }
        for (int s = 1; s <= slaves; s++) {
            facts.add(new RankFact.Receive(0, 2_000, RankFact.ANY, 2, true));
        }
        facts.add(new RankFact.Finished(0, 0));
        return facts;
    }

    private static List<RankFact> slaveScript(int rank) {
        return List.of(new RankFact.Receive(rank, 0, 0, 1, true), new RankFact.TaskDone(rank, 50_000L * rank, rank, 10),
                new RankFact.Sent(rank, 0, 0, 2, 1_000), new RankFact.Finished(rank, 0));
    }

    private static void play(EmulatorLink link, List<RankFact> facts) {
        for (RankFact f : facts) {
            if (f instanceof RankFact.Receive) {
                EmulatorReply answer = link.ask(f);
                assertTrue(answer instanceof EmulatorReply.Grant || answer instanceof EmulatorReply.Forecast, answer.toString());
            } else {
                link.report(f);
            }
        }
    }

    @Test
    void scriptedRunMatchesThePureKernelFedTheSameFacts() throws Exception {
        int np = 4;
        VirtualTimeKernel reference = new VirtualTimeKernel(model(np), new TargetCpu(1.0));
        for (int r = 1; r < np; r++) {
            slaveScript(r).forEach(reference::accept);
        }
        masterScript(np - 1).forEach(reference::accept);

        try (EmulationSession session = start(np)) {
            List<Consumer<EmulatorLink>> scripts = new ArrayList<>();
            scripts.add(link -> play(link, masterScript(np - 1)));
            for (int r = 1; r < np; r++) {
                int rank = r;
                scripts.add(link -> play(link, slaveScript(rank)));
            }
            List<Thread> threads = ranks(session, np, scripts);
            EmulationReport report = session.report().get(30, TimeUnit.SECONDS);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(reference.result().predictedNanos(), report.result().predictedNanos());
            assertEquals(np - 1, report.tasks().size());
            assertEquals(np - 1, report.masterQueues().get(0).queueWaitNanos().getTotalCount());
        }
    }

    @Test
    void aGrantAnswersTheReceiveThatWaitsNotAnEarlierOneThatDidNot() throws Exception {
        int np = 3;
        try (EmulationSession session = start(np)) {
            EmulatorReply[] answer = new EmulatorReply[1];
            List<Consumer<EmulatorLink>> scripts = List.of(
                    link -> {
                        sleep(300); // rank 1's receives are both posted before this message is announced
                        link.report(new RankFact.Sent(0, 0, 1, 1, 8));
                        link.report(new RankFact.Finished(0, 0));
                    },
                    link -> {
                        link.report(new RankFact.Receive(1, 0, 0, 1, false)); // received without waiting
                        answer[0] = link.ask(new RankFact.Receive(1, 0, RankFact.ANY, 5, true));
                        link.report(new RankFact.Finished(1, 0));
                    },
                    link -> {
                        link.report(new RankFact.Sent(2, 0, 1, 5, 8));
                        link.report(new RankFact.Finished(2, 0));
                    });
            List<Thread> threads = ranks(session, np, scripts);
            session.report().get(30, TimeUnit.SECONDS);
            for (Thread t : threads) {
                t.join();
            }
            EmulatorReply.Grant grant = (EmulatorReply.Grant) answer[0];
            assertEquals(2, grant.source(), "the ANY_SOURCE receive's own grant, not the first receive's");
            assertEquals(5, grant.tag());
        }
    }

    @Test
    void aGrantTellsTheMasterItsNextDecidedMatchWhichItThenTakesUnasked() throws Exception {
        int np = 3;
        try (EmulationSession session = start(np)) {
            EmulatorReply.Grant[] grant = new EmulatorReply.Grant[1];
            List<Consumer<EmulatorLink>> scripts = List.of(
                    link -> {
                        sleep(300); // both results are announced, and their senders done, before the master asks
                        grant[0] = (EmulatorReply.Grant) link.ask(new RankFact.Receive(0, 0, RankFact.ANY, 2, true));
                        link.report(new RankFact.Receive(0, 0, RankFact.ANY, 2, false)); // as told: no question
                        link.report(new RankFact.Finished(0, 0));
                    },
                    link -> {
                        link.report(new RankFact.Sent(1, 0, 0, 2, 8));
                        link.report(new RankFact.Finished(1, 0));
                    },
                    link -> {
                        link.report(new RankFact.Sent(2, 10_000, 0, 2, 16));
                        link.report(new RankFact.Finished(2, 0));
                    });
            List<Thread> threads = ranks(session, np, scripts);
            EmulationReport report = session.report().get(30, TimeUnit.SECONDS);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(1, grant[0].source());
            assertEquals(new EmulatorReply.Grant.Next(2, 2, 16), grant[0].next(), "rank 2's result passed already");
            assertEquals(2, report.masterQueues().get(0).queueWaitNanos().getTotalCount(), "both results received");
        }
    }

    @Test
    void aForecastAnswersTheMastersNextReceiveDecidedWhileItRan() throws Exception {
        int np = 3;
        try (EmulationSession session = start(np)) {
            EmulatorReply[] answers = new EmulatorReply[2];
            CountDownLatch firstAnswered = new CountDownLatch(1);
            CountDownLatch secondResultSent = new CountDownLatch(1);
            List<Consumer<EmulatorLink>> scripts = List.of(
                    link -> {
                        answers[0] = firstReceiveThenRun(link, firstAnswered, secondResultSent);
                        answers[1] = link.ask(new RankFact.Receive(0, 0, RankFact.ANY, 2, true));
                        link.report(new RankFact.Finished(0, 0));
                    },
                    link -> {
                        link.report(new RankFact.Sent(1, 0, 0, 2, 8));
                        link.report(new RankFact.Finished(1, 0));
                    },
                    link -> {
                        link.report(new RankFact.Computed(2, 1_000_000)); // past rank 1's arrival: it can be granted
                        link.flush();
                        await(firstAnswered);
                        link.report(new RankFact.Sent(2, 10_000, 0, 2, 16));
                        link.report(new RankFact.Finished(2, 0));
                        link.flush();
                        secondResultSent.countDown();
                    });
            List<Thread> threads = ranks(session, np, scripts);
            EmulationReport report = session.report().get(30, TimeUnit.SECONDS);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(1, ((EmulatorReply.Grant) answers[0]).source());
            assertEquals(new EmulatorReply.Forecast(0, 1, new MessagePattern(RankFact.ANY, 2),
                    new EmulatorReply.Grant.Next(2, 2, 16)), answers[1], "sent before the ask, which gets no grant");
            assertEquals(2, report.masterQueues().get(0).queueWaitNanos().getTotalCount(), "both results received");
        }
    }

    @Test
    void aMessageTheMasterSendsItselfVoidsItsForecast() throws Exception {
        int np = 2;
        try (EmulationSession session = start(np)) {
            EmulatorReply[] answers = new EmulatorReply[3];
            CountDownLatch firstAnswered = new CountDownLatch(1);
            CountDownLatch secondResultSent = new CountDownLatch(1);
            List<Consumer<EmulatorLink>> scripts = List.of(
                    link -> {
                        answers[0] = firstReceiveThenRun(link, firstAnswered, secondResultSent);
                        link.report(new RankFact.Sent(0, 0, 0, 2, 4)); // reaches the master before rank 1's
                        answers[1] = link.ask(new RankFact.Receive(0, 0, RankFact.ANY, 2, true));
                        answers[2] = link.ask(new RankFact.Receive(0, 0, RankFact.ANY, 2, true));
                        link.report(new RankFact.Finished(0, 0));
                    },
                    link -> {
                        link.report(new RankFact.Sent(1, 0, 0, 2, 8));
                        link.flush();
                        await(firstAnswered);
                        link.report(new RankFact.Sent(1, 100_000_000, 0, 2, 16));
                        link.report(new RankFact.Finished(1, 0));
                        link.flush();
                        secondResultSent.countDown();
                    });
            List<Thread> threads = ranks(session, np, scripts);
            session.report().get(30, TimeUnit.SECONDS);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(1, ((EmulatorReply.Grant) answers[0]).source());
            EmulatorReply.Grant own = (EmulatorReply.Grant) answers[1];
            assertEquals(0, own.source(), "the forecast of rank 1's message was void: the master's own came first");
            assertEquals(4, own.bytes());
            assertEquals(16, ((EmulatorReply.Grant) answers[2]).bytes());
        }
    }

    /**
     * The master's first receive, then a while of running once a slave's next result is out: that result decides the
     * master's next receive meanwhile, and the emulator sends it a Forecast.
     */
    private static EmulatorReply firstReceiveThenRun(EmulatorLink link, CountDownLatch answered, CountDownLatch resultSent) {
        EmulatorReply first = link.ask(new RankFact.Receive(0, 0, RankFact.ANY, 2, true));
        answered.countDown();
        await(resultSent);
        sleep(500); // the Forecast takes well under a millisecond; the margin is for a loaded CI machine
        return first;
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(20, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void deadlockEndsTheRunNamingEveryWaitingRank() throws Exception {
        int np = 3;
        try (EmulationSession session = start(np)) {
            List<Consumer<EmulatorLink>> scripts = new ArrayList<>();
            for (int r = 0; r < np; r++) {
                int rank = r;
                scripts.add(link -> link.ask(new RankFact.Receive(rank, 0, RankFact.ANY, 7, true)));
            }
            List<Thread> threads = ranks(session, np, scripts);
            ExecutionException e = assertThrows(ExecutionException.class, () -> session.report().get(30, TimeUnit.SECONDS));
            for (int r = 0; r < np; r++) {
                assertTrue(e.getCause().getMessage().contains("rank " + r + " waits in receive(source=ANY, tag=7)"), e.getCause().getMessage());
            }
            for (Thread t : threads) {
                t.join(); // every rank was told and returned
            }
        }
    }

    @Test
    void aRankThatVanishesEndsTheRunNamingIt() throws Exception {
        int np = 2;
        try (EmulationSession session = start(np)) {
            List<Consumer<EmulatorLink>> scripts = List.of(
                    link -> link.ask(new RankFact.Receive(0, 0, 1, 2, true)),
                    link -> link.report(new RankFact.Computed(1, 5)));   // closes without Finished
            List<Thread> threads = ranks(session, np, scripts);
            ExecutionException e = assertThrows(ExecutionException.class, () -> session.report().get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("rank 1"), e.getCause().getMessage());
            for (Thread t : threads) {
                t.join();
            }
        }
    }
}
