package mse.emulator.actors;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * Round-trip time of EmulatorLink.ask over loopback through the real gateway and an actor that answers:
 * the cost every ANY_SOURCE receive pays in wall time. A measurement, not a test (no assertion):
 * <pre>
 *   mvn -q -pl emulator test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 *   java -cp emulator/target/test-classes:emulator/target/classes:$(cat emulator/target/cp.txt) \
 *        mse.emulator.actors.AskRoundTripBenchmark [asks]
 * </pre>
 */
public final class AskRoundTripBenchmark {

    private AskRoundTripBenchmark() {}

    public static void main(String[] args) throws Exception {
        int asks = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        ActorSystem<GatewayEvent> system = ActorSystem.create(LoopbackKernel.create(null), "ask-benchmark");
        try {
            RankGateway gateway = RankGateway.bind(system, 1, system).toCompletableFuture().get(10, TimeUnit.SECONDS);
            try (EmulatorLink link = EmulatorLink.connect("127.0.0.1", gateway.port(),
                    new Hello(gateway.token(), 0, 1))) {
                measure(link, asks / 2); // warm-up: JIT on both sides
                long[] nanos = measure(link, asks);
                report(nanos);
            }
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static long[] measure(EmulatorLink link, int asks) {
        long[] nanos = new long[asks];
        for (int i = 0; i < asks; i++) {
            long start = System.nanoTime();
            link.ask(i % 2 == 0 ? new RankFact.ClockQuery(0, i) : new RankFact.Receive(0, i, RankFact.ANY, 1, true));
            nanos[i] = System.nanoTime() - start;
        }
        return nanos;
    }

    private static void report(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(nanos).average().orElse(0);
        System.out.printf("ask() round trip over loopback, %d asks: mean %.1f us, p50 %.1f us, p90 %.1f us, "
                + "p99 %.1f us, max %.1f us%n", nanos.length, mean / 1e3, pct(sorted, 0.50), pct(sorted, 0.90),
                pct(sorted, 0.99), sorted[sorted.length - 1] / 1e3);
    }

    private static double pct(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))] / 1e3;
    }
}
