package mse.emulator.analytic;

import java.util.ArrayList;
import java.util.List;

/**
 * A task described for seed 003 (003_ec3f60940133b62f.txt): its parametric code profiling vector V
 * (operation counts, section 2), the benchmarking matrix B (one row per machine, microseconds per
 * operation, section 3), the machine's communication parameters and the task's supersteps with their
 * communication pattern and bytes per processor.
 */
public record HpWorkload(List<String> parameters, double[] profile, List<Machine> machines, MeshNetwork mesh,
                         List<Superstep> supersteps) {

    /** One row of B. */
    public record Machine(String name, double[] benchmark) {
    }

    /** A superstep (or `repeat` identical ones) and its communication. */
    public record Superstep(String name, CommunicationPattern pattern, double bytes, int repeat) {
    }

    /** Estimates for one machine, section 3.1: E = E_comp + E_comm, in milliseconds. */
    public record Estimate(String machine, double computationMillis, List<Double> superstepMillis, double communicationMillis) {
        public double totalMillis() {
            return computationMillis + communicationMillis;
        }
    }

    /** e_comp = B^m . V (section 3.1) and e_comm = the sum of the supersteps' estimates (section 3.2). */
    public List<Estimate> estimate() {
        List<Double> each = new ArrayList<>();
        double communication = 0;
        for (Superstep step : supersteps) {
            double millis = step.pattern().micros(mesh, step.bytes()) / 1000;
            each.add(millis);
            communication += millis * step.repeat();
        }
        List<Estimate> estimates = new ArrayList<>();
        for (Machine machine : machines) {
            double micros = 0;
            for (int i = 0; i < profile.length; i++) {
                micros += machine.benchmark()[i] * profile[i];
            }
            estimates.add(new Estimate(machine.name(), micros / 1000, List.copyOf(each), communication));
        }
        return estimates;
    }
}
