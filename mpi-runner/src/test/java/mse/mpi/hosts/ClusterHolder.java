package mse.mpi.hosts;

import java.nio.file.Path;

/**
 * A test harness's JVM in miniature, for NamespaceCleanupIT: brings up a one-host cluster in the directory it is
 * given, starts a process on its host (as a run's daemon would be), says "up", and holds both until it is killed.
 */
final class ClusterHolder {

    private ClusterHolder() {
    }

    public static void main(String[] args) throws Exception {
        NamespaceCluster cluster = NamespaceCluster.up(Path.of(args[0]), 1);
        // A job's process on the host, started as Open MPI starts its daemons there: through the cluster's agent.
        new ProcessBuilder(cluster.dir.resolve("agent").toString(), cluster.hosts.get(0), "sleep 600").start();
        while (cluster.pids(cluster.hosts.get(0)).isEmpty()) {
            Thread.sleep(50);
        }
        System.out.println("up " + String.join(" ", cluster.objects()));
        System.out.flush();
        Thread.currentThread().join(); // until killed: the cluster's own exit hook is what a SIGTERM tests
    }
}
