package mse.emulator.analytic;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import mse.cluster.profiles.HoconFields;

/**
 * Reads a seed 003 task description (HOCON), strictly: errors are "file:line: key: what".
 * <pre>
 * hp {
 *   parameters = [plus, times]                 # names of the profiling parameters
 *   profile = [32833, 16400]                   # V: operation counts
 *   machines = [ { name = mesh, benchmark = [0.1, 0.1] } ]   # rows of B, microseconds per operation
 *   network { processors = 16, setup-us = 80, packet-us = 0.5, packet-bytes = 1 }  # latency, bisection: default sqrt(p)
 *   supersteps = [ { name = "0", pattern = one-to-all, bytes = 24576 }, { name = "1-15", pattern = one-to-one, bytes = 4096, repeat = 15 } ]
 * }
 * </pre>
 */
public final class HpWorkloadLoader {

    private static final Set<String> HP_KEYS = Set.of("source", "parameters", "profile", "machines", "network", "supersteps");
    private static final Set<String> NETWORK_KEYS = Set.of("processors", "setup-us", "packet-us", "packet-bytes", "latency", "bisection");

    private HpWorkloadLoader() {
    }

    public static HpWorkload load(Path file) {
        return read(HoconFields.file(file));
    }

    public static HpWorkload parse(String text, String source) {
        return read(HoconFields.parse(text, source));
    }

    private static HpWorkload read(HoconFields root) {
        HoconFields hp = root.onlyKeys(Set.of("hp")).object("hp").onlyKeys(HP_KEYS);
        List<String> parameters = hp.texts("parameters");
        double[] profile = hp.numbers("profile");
        if (profile.length != parameters.size()) {
            throw hp.problem("profile", "has " + profile.length + " counts for " + parameters.size() + " parameters");
        }
        List<HpWorkload.Machine> machines = new ArrayList<>();
        for (HoconFields m : hp.objects("machines")) {
            m.onlyKeys(Set.of("name", "benchmark"));
            double[] row = m.numbers("benchmark");
            if (row.length != parameters.size()) {
                throw m.problem("benchmark", "has " + row.length + " times for " + parameters.size() + " parameters");
            }
            machines.add(new HpWorkload.Machine(m.text("name"), row));
        }
        if (machines.isEmpty()) {
            throw hp.problem("machines", "expected at least one machine");
        }
        HoconFields net = hp.object("network").onlyKeys(NETWORK_KEYS);
        long p = net.wholePositive("processors");
        double packetBytes = net.has("packet-bytes") ? net.positive("packet-bytes") : 1;
        MeshNetwork mesh = MeshNetwork.squareMesh((int) p, net.nonNegative("setup-us"), net.nonNegative("packet-us"), packetBytes);
        mesh = new MeshNetwork(mesh.processors(), mesh.setupMicros(), mesh.packetMicros(), mesh.packetBytes(),
                net.has("latency") ? net.nonNegative("latency") : mesh.latency(),
                net.has("bisection") ? net.positive("bisection") : mesh.bisection());
        List<HpWorkload.Superstep> steps = new ArrayList<>();
        for (HoconFields s : hp.objects("supersteps")) {
            s.onlyKeys(Set.of("name", "pattern", "bytes", "repeat"));
            CommunicationPattern pattern = CommunicationPattern.of(s.text("pattern"));
            if (pattern == null) {
                throw s.problem("pattern", "expected one-to-all, one-to-one or all-to-one, got " + s.text("pattern"));
            }
            int repeat = s.has("repeat") ? (int) s.wholePositive("repeat") : 1;
            steps.add(new HpWorkload.Superstep(s.text("name"), pattern, s.nonNegative("bytes"), repeat));
        }
        return new HpWorkload(parameters, profile, machines, mesh, steps);
    }
}
