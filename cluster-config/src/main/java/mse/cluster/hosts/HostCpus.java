package mse.cluster.hosts;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import mse.cluster.profiles.CpuProfile;
import mse.cluster.profiles.HoconFields;

/**
 * The CPU of each host of a multi-host run, when they differ (HOCON, read as strictly as a profile):
 *
 * <pre>
 * hosts = [
 *   { name = node1, cpu { speed-ratio = 1.0 } }      # target CPU speed / node1's
 *   { name = "10.0.0.7", cpu { speed-ratio = 2.5 } } # a host twice and a half slower than the target
 * ]
 * </pre>
 * Each name must be a host of the hostfile; hosts not listed compute at the profile's ratio.
 */
public record HostCpus(Map<String, CpuProfile> byHost) {

    private static final Set<String> TOP_KEYS = Set.of("hosts");
    private static final Set<String> HOST_KEYS = Set.of("name", "cpu");
    private static final Set<String> CPU_KEYS = Set.of("speed-ratio");

    /** No host differs: every rank computes at the profile's ratio. */
    public static final HostCpus NONE = new HostCpus(Map.of());

    public HostCpus {
        byHost = Map.copyOf(byHost);
    }

    public static HostCpus load(Path file, Hostfile hostfile) {
        return read(HoconFields.file(file), hostfile);
    }

    public static HostCpus parse(String text, String source, Hostfile hostfile) {
        return read(HoconFields.parse(text, source), hostfile);
    }

    private static HostCpus read(HoconFields root, Hostfile hostfile) {
        Map<String, CpuProfile> byHost = new LinkedHashMap<>();
        Set<String> known = hostfile.hosts().stream().map(Hostfile.Host::name).collect(java.util.stream.Collectors.toSet());
        for (HoconFields host : root.onlyKeys(TOP_KEYS).objects("hosts")) {
            host.onlyKeys(HOST_KEYS);
            String name = host.text("name");
            if (!known.contains(name)) {
                throw host.problem("name", "host " + name + " is not in the hostfile " + hostfile.source());
            }
            double ratio = host.object("cpu").onlyKeys(CPU_KEYS).positive("speed-ratio");
            if (byHost.put(name, new CpuProfile(ratio)) != null) {
                throw host.problem("name", "host " + name + " is listed twice");
            }
        }
        return new HostCpus(byHost);
    }

    /** The host's CPU, or `otherwise` (the profile's) when the file does not list it. */
    public CpuProfile of(String host, CpuProfile otherwise) {
        return byHost.getOrDefault(host, otherwise);
    }
}
