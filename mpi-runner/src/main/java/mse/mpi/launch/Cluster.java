package mse.mpi.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import mse.cluster.hosts.HostCpus;
import mse.cluster.hosts.Hostfile;
import mse.cluster.profiles.CpuProfile;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.AtomicFiles;

/**
 * The machines a job's ranks run on: this one over loopback, or the hosts of an Open MPI hostfile over one
 * network, each host with its own CPU ratio where the host CPU file gives one. MSE places the ranks
 * itself ({@link Hostfile#placeRanks}) and hands mpirun one line per rank (Open MPI's sequential mapper),
 * so the host of every rank is known and reported.
 */
public record Cluster(Hostfile hostfile, HostNetwork network, HostCpus cpus) {

    /** The host name single-machine runs report for their ranks. */
    public static final String THIS_MACHINE = "localhost";

    public static final Cluster THIS_MACHINE_ONLY = new Cluster(null, HostNetwork.LOOPBACK, HostCpus.NONE);

    public boolean multiHost() {
        return hostfile != null;
    }

    /** The host each rank runs on, as the hostfile names it ("localhost" on one machine). */
    public List<String> rankHosts(int np) {
        return multiHost() ? hostfile.placeRanks(np) : Collections.nCopies(np, THIS_MACHINE);
    }

    /** Each rank's target CPU: its host's ratio from the host CPU file, else the profile's. */
    public RankCpus rankCpus(int np, CpuProfile profile) {
        return new RankCpus(rankHosts(np).stream().map(host -> TargetCpu.of(cpus.of(host, profile))).toList());
    }

    /**
     * The job on these machines: unchanged on one machine; else over the hosts (one line per rank written to
     * workDir/hostfile.ranks, kept as the record of where each rank ran) and the network's interface.
     */
    public MpirunCommand place(MpirunCommand job, Path workDir) {
        if (!multiHost()) {
            return job;
        }
        Path ranks = workDir.resolve("hostfile.ranks").toAbsolutePath();
        try {
            AtomicFiles.writeString(ranks, String.join("\n", rankHosts(job.np())) + "\n");
        } catch (IOException e) {
            throw new LaunchException("cannot write " + ranks + ": " + e.getMessage());
        }
        return job.onHosts(ranks, network.openMpiInterface());
    }

    /** Checks every host for a foreign program's ranks (see {@link HostPreflight#checkForeign}); library null for a plain run. */
    public void preflightForeign(Path library, String executable) {
        if (multiHost()) {
            HostPreflight.checkForeign(hostfile, library, executable);
        }
    }

    /** Checks every host before anything starts (see {@link HostPreflight}); nothing to check on one machine. */
    public void preflight(String classpath, Path resultsDir) {
        if (multiHost()) {
            HostPreflight.check(hostfile, classpath, resultsDir);
        }
    }
}
