package mse.mpi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mse.emulator.analytic.HpWorkload;
import mse.emulator.analytic.HpWorkloadLoader;
import mse.emulator.report.Json;
import mse.mpi.experiment.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `mse model hp`: seed 003 (003_ec3f60940133b62f.txt) section 3: computation E_comp = B V for every
 * machine, communication per superstep on the p-processor mesh, and their sum.
 */
@Command(name = "hp", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Execution time of a task on heterogeneous machines: E = B V + mesh communication (seed 003).",
        footer = {"", "Example:", "  ./run.sh model hp --file examples/hp-matrix-multiply.conf"})
final class ModelHpCommand implements Callable<Integer> {

    @Option(names = "--file", paramLabel = "FILE", required = true, description = "Task description (HOCON).")
    Path file;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-model-hp).")
    Path out;

    @Override
    public Integer call() throws Exception {
        HpWorkload workload = HpWorkloadLoader.load(file);
        List<HpWorkload.Estimate> estimates = workload.estimate();
        Path dir = RunDirectory.create(out, "model-hp");
        System.out.printf("%s: %d parameters, %d machines, p = %d (s = %s us, r = %s us/packet, h = %s, b = %s)%n", file,
                workload.parameters().size(), workload.machines().size(), workload.mesh().processors(),
                workload.mesh().setupMicros(), workload.mesh().packetMicros(), workload.mesh().latency(), workload.mesh().bisection());
        System.out.println("communication per superstep (seed 003 section 3.2):");
        System.out.printf("  %-12s %-11s %12s %7s %12s%n", "superstep", "pattern", "bytes", "times", "ms each");
        List<Double> each = estimates.get(0).superstepMillis();
        for (int i = 0; i < workload.supersteps().size(); i++) {
            HpWorkload.Superstep step = workload.supersteps().get(i);
            System.out.printf("  %-12s %-11s %12.0f %7d %12.3f%n", step.name(), step.pattern().label(), step.bytes(), step.repeat(), each.get(i));
        }
        System.out.printf("%-16s %14s %14s %14s%n", "machine", "E_comp ms", "E_comm ms", "E ms");
        for (HpWorkload.Estimate e : estimates) {
            System.out.printf("%-16s %14.4f %14.3f %14.4f%n", e.machine(), e.computationMillis(), e.communicationMillis(), e.totalMillis());
        }
        Json.write(dir.resolve("summary.json"), summary(workload, estimates));
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    private Summary summary(HpWorkload workload, List<HpWorkload.Estimate> estimates) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < workload.supersteps().size(); i++) {
            HpWorkload.Superstep step = workload.supersteps().get(i);
            steps.add(new Step(step.name(), step.pattern().label(), step.bytes(), step.repeat(), estimates.get(0).superstepMillis().get(i)));
        }
        List<Machine> machines = estimates.stream()
                .map(e -> new Machine(e.machine(), e.computationMillis(), e.communicationMillis(), e.totalMillis())).toList();
        return new Summary("model hp", file.toString(), steps, machines);
    }

    /** model hp's summary.json: each superstep's cost on the first machine, and every machine's estimate (seed 003). */
    record Summary(String command, String file, List<Step> supersteps, List<Machine> machines) {}

    /** One superstep: its communication pattern, bytes, how often it repeats and its time each. */
    record Step(String name, String pattern, double bytes, int repeat, double millisEach) {}

    /** One machine's estimate: computation, communication and their total. */
    record Machine(String machine, double computationMillis, double communicationMillis, double totalMillis) {}
}
