package mse.mpi.cli;

import java.nio.file.Path;
import mse.cluster.hosts.HostCpus;
import mse.cluster.hosts.Hostfile;
import mse.mpi.launch.Cluster;
import mse.mpi.launch.HostNetwork;
import mse.mpi.options.BadInputException;
import picocli.CommandLine.Option;

/** Where the ranks run: this machine, or the hosts of an Open MPI hostfile (run, emulate, sweep, calibrate, validate). */
public final class HostOptions {

    @Option(names = "--hostfile", paramLabel = "FILE",
            description = "Run the ranks on these hosts (Open MPI hostfile: `NAME slots=N` per line; ranks go round-robin "
                    + "over the hosts in file order, rank 0 on the first). Default: this machine only.")
    Path hostfile;

    @Option(names = "--net-interface", paramLabel = "IFACE|CIDR",
            description = "Network for Open MPI's TCP and the emulator: an interface name or a CIDR like 10.1.0.0/16. "
                    + "Default: loopback on one machine; with --hostfile the subnet of the interface this machine uses "
                    + "to reach the first remote host.")
    String netInterface;

    @Option(names = "--host-cpu", paramLabel = "FILE",
            description = "With --hostfile: each host's cpu.speed-ratio (HOCON: hosts = [ { name = H, cpu { speed-ratio = R } } ]); "
                    + "hosts not listed use the profile's.")
    Path hostCpu;

    private Cluster cluster;

    /** The machines; a bad hostfile, host CPU file or interface is bad input (exit 2). Resolved once. */
    public Cluster cluster() {
        if (cluster == null) {
            if (hostCpu != null && hostfile == null) {
                throw new BadInputException("--host-cpu: give the hosts with --hostfile too");
            }
            Hostfile hosts = hostfile == null ? null : Hostfile.load(hostfile);
            cluster = new Cluster(hosts, HostNetwork.resolve(netInterface, hosts),
                    hostCpu == null ? HostCpus.NONE : HostCpus.load(hostCpu, hosts));
        }
        return cluster;
    }

    /** Checks np fits the hostfile's slots (exit 2 otherwise). */
    public void validate(int np) {
        cluster().rankHosts(np);
    }

    /** Checks every host (reachable, java, Open MPI, class path, results directory) before anything starts. */
    public void preflight(String classpath, Path out) {
        Path dir = (out != null ? out : Path.of("results")).toAbsolutePath();
        while (dir.getParent() != null && !java.nio.file.Files.exists(dir)) {
            dir = dir.getParent();
        }
        cluster().preflight(classpath, dir);
    }

    public boolean multiHost() {
        return hostfile != null;
    }
}
