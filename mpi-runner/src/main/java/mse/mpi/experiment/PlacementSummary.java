package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.emulator.workrate.MasterCandidate;
import mse.emulator.workrate.MasterSelection;
import mse.emulator.workrate.SlaveSelection;

/**
 * `place`'s summary.json, seed 002 (002_a91b5601aca36903.txt): every candidate master's work-rate model (section 2,
 * Table 2) with the greedy split of Fig. 2 beside the maximum flow, and the best master with the slaves chosen by
 * simulation (section 4.6, Fig. 3) when any slave can work for it.
 */
public record PlacementSummary(String command, String grid, long tasks, List<Candidate> candidates, Best best) {

    public static PlacementSummary of(String grid, long tasks, MasterSelection selection, SlaveSelection slaves) {
        List<Candidate> candidates = selection.candidates().stream().map(c -> Candidate.of(c.flow(), tasks,
                new Greedy(c.greedy().appRate(), ratesOfSlaves(c.greedy()), !c.splitsDiffer()))).toList();
        return new PlacementSummary("place", grid, tasks, candidates, Best.of(selection.best(), tasks, slaves));
    }

    /**
     * One candidate master: its capacity W_master, each other host's rate as its slave, AppRate, and ExecTime
     * (null when AppRate is 0: no slave can work for it).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Candidate(String master, double wMaster, Map<String, Double> slaveRates, double appRate,
                            @JsonInclude(JsonInclude.Include.ALWAYS) Double execTimeSeconds, Greedy greedyFig2) {

        static Candidate of(MasterCandidate c, long tasks, Greedy greedy) {
            return new Candidate(c.master(), c.masterCapacity(), ratesOfSlaves(c), c.appRate(), execTime(c, tasks), greedy);
        }
    }

    /** Fig. 2's greedy split for the same master, and whether it is the maximum flow's. */
    public record Greedy(double appRate, Map<String, Double> slaveRates, boolean sameAsMaxFlow) {}

    /** The best master, Found(master), and the simulated slave selection (null, absent, when nothing could be simulated). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Best(String master, double wMaster, Map<String, Double> slaveRates, double appRate,
                       @JsonInclude(JsonInclude.Include.ALWAYS) Double execTimeSeconds, List<String> found, List<String> slaves,
                       Double simulatedRate, Double simulatedExecTimeSeconds, List<SlaveSelection.Round> simulationRounds) {

        static Best of(MasterCandidate c, long tasks, SlaveSelection slaves) {
            return new Best(c.master(), c.masterCapacity(), ratesOfSlaves(c), c.appRate(), execTime(c, tasks), c.found(),
                    slaves == null ? null : slaves.slaves(), slaves == null ? null : slaves.simulatedRate(),
                    slaves == null ? null : tasks / slaves.simulatedRate(), slaves == null ? null : slaves.rounds());
        }
    }

    private static Double execTime(MasterCandidate c, long tasks) {
        return Double.isFinite(c.execTimeSeconds(tasks)) ? c.execTimeSeconds(tasks) : null;
    }

    /** The rates of the hosts other than the master, in the grid's order. */
    private static Map<String, Double> ratesOfSlaves(MasterCandidate c) {
        Map<String, Double> rates = new LinkedHashMap<>();
        c.slaveRates().forEach((host, rate) -> {
            if (!host.equals(c.master())) {
                rates.put(host, rate);
            }
        });
        return rates;
    }
}
