package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mse.cluster.grid.Grid;
import mse.cluster.grid.GridHost;
import mse.cluster.grid.GridLoader;
import mse.emulator.report.Json;
import mse.emulator.workrate.MasterCandidate;
import mse.emulator.workrate.MasterSelection;
import mse.emulator.workrate.SlaveSelection;
import mse.mpi.experiment.PlacementSummary;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.options.BadInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `mse place`: master and slave placement on a heterogeneous grid, seed 002 (002_a91b5601aca36903.txt):
 * the work-rate model for every candidate master (section 2, Table 2), the best master (section 4.2) and
 * the slaves chosen by simulation (section 4.6, Fig. 3).
 */
@Command(name = "place", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Choose the master and the slaves on a grid by the work-rate model (seed 002).",
        footer = {"", "Example:", "  ./run.sh place --grid examples/grid-seed002-fig1.conf --tasks 1000"})
final class PlaceCommand implements Callable<Integer> {

    /** The simulation of Fig. 3 needs a steady state, not every task of a huge job. */
    static final long MAX_SIMULATED_TASKS = 20_000;

    @Option(names = "--grid", paramLabel = "FILE", required = true, description = "Grid description (HOCON).")
    Path gridFile;

    @Option(names = "--tasks", paramLabel = "N", defaultValue = "1000", description = "Tasks in the job (default: ${DEFAULT-VALUE}).")
    long tasks;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-place).")
    Path out;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (tasks < 1) {
            throw new BadInputException("--tasks: expected at least 1, got " + tasks);
        }
        Grid grid = GridLoader.load(gridFile);
        MasterSelection selection = MasterSelection.of(grid);
        MasterCandidate best = selection.best();
        long simulated = Math.min(tasks, MAX_SIMULATED_TASKS);
        SlaveSelection slaves = best.appRate() > 0 ? SlaveSelection.of(grid, best, simulated) : null;
        Path dir = RunDirectory.create(out, "place");
        printTable(grid, selection);
        printChoice(best, slaves);
        PlacementSummary summary = PlacementSummary.of(gridFile.toString(), tasks, selection, slaves);
        Json.write(dir.resolve("summary.json"), summary);
        report(dir, summary, selection, best);
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** report.html: AppRate of every candidate master (seed 002 Table 2), the choice, the grid. */
    private void report(Path dir, PlacementSummary summary, MasterSelection selection, MasterCandidate best) throws IOException {
        org.knowm.xchart.CategoryChart chart = new org.knowm.xchart.CategoryChartBuilder().width(900).height(480)
                .title("Application rate by candidate master").xAxisTitle("master").yAxisTitle("tasks per second").build();
        chart.getStyler().setLegendVisible(false);
        chart.addSeries("AppRate", selection.candidates().stream().map(c -> c.flow().master()).toList(),
                selection.candidates().stream().map(c -> (Number) c.flow().appRate()).toList());
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("grid file", gridFile.toString());
        inputs.put("tasks", Long.toString(tasks));
        inputs.put("best master", best.master() + " (" + String.format("%.2f", best.appRate()) + " tasks/s)");
        inputs.put("best", Json.text(summary.best()));
        inputs.put("candidates", Json.text(summary.candidates()));
        mse.emulator.report.ReportPage.write(dir, new mse.emulator.report.ReportPage.Content("MSE placement: " + gridFile,
                "./run.sh " + String.join(" ", spec.commandLine().getParseResult().originalArgs()), inputs, List.of(), List.of(),
                List.of(new mse.emulator.report.ReportPage.ExtraChart("app-rate", "Which master gives the highest rate",
                        "AppRate for each host as master, from the work-rate model's maximum flow (seed 002, section 4); "
                                + "ExecTime = Tasks / AppRate. The tallest bar is the chosen master.", chart))));
    }

    private void printTable(Grid grid, MasterSelection selection) {
        int width = Math.max(9, grid.hosts().stream().mapToInt(h -> h.name().length()).max().orElse(0) + 2);
        System.out.printf("grid %s: %d hosts, %d networks; %d tasks; rates in tasks/s (seed 002 Table 2)%n",
                gridFile, grid.hosts().size(), grid.networks().size(), tasks);
        StringBuilder header = new StringBuilder(String.format("%-" + width + "s%10s", "master", "W_master"));
        for (GridHost host : grid.hosts()) {
            header.append(String.format("%" + width + "s", host.name()));
        }
        System.out.println(header.append(String.format("%10s%13s", "AppRate", "ExecTime s")));
        for (MasterSelection.Comparison c : selection.candidates()) {
            System.out.println(row(grid, width, c.flow().master(), c.flow()));
            if (c.splitsDiffer()) {
                System.out.println(row(grid, width, "  Fig. 2", c.greedy())
                        + (c.appRatesDiffer() ? "   <- greedy AppRate differs from max flow" : "   (same AppRate, other split)"));
            }
        }
    }

    private String row(Grid grid, int width, String label, MasterCandidate c) {
        StringBuilder line = new StringBuilder(String.format("%-" + width + "s%10.2f", label, c.masterCapacity()));
        for (GridHost host : grid.hosts()) {
            line.append(host.name().equals(c.master()) ? String.format("%" + width + "s", "-")
                    : String.format("%" + width + ".2f", c.slaveRates().get(host.name())));
        }
        return line.append(String.format("%10.2f%13.3f", c.appRate(), c.execTimeSeconds(tasks))).toString();
    }

    private void printChoice(MasterCandidate best, SlaveSelection slaves) {
        System.out.printf("best master: %s (AppRate %.2f tasks/s, ExecTime %.3f s); model slaves Found(%s): %s%n",
                best.master(), best.appRate(), best.execTimeSeconds(tasks), best.master(), String.join(", ", best.found()));
        if (slaves == null) {
            System.out.println("no slave can work for any master: nothing to simulate");
            return;
        }
        System.out.printf("slave selection by simulation (seed 002 Fig. 3, %d tasks simulated):%n", Math.min(tasks, MAX_SIMULATED_TASKS));
        for (SlaveSelection.Round round : slaves.rounds()) {
            System.out.printf("  %-40s simulated %.2f tasks/s%s%n", String.join(", ", round.slaves()), round.simulatedRate(),
                    round.kept() ? "" : "  (no gain: not kept)");
        }
        System.out.printf("chosen: master %s, slaves %s (simulated %.2f tasks/s, ExecTime %.3f s)%n", slaves.master(),
                String.join(", ", slaves.slaves()), slaves.simulatedRate(), tasks / slaves.simulatedRate());
    }
}
