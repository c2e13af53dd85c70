package mse.mpi.hosts;

import java.nio.file.Path;

/**
 * A test harness's JVM in miniature, for NamespaceCleanupIT: brings up a one-host cluster in the directory it is
 * given, says "up", and holds it until the process is killed.
 */
final class ClusterHolder {

    private ClusterHolder() {
    }

    public static void main(String[] args) throws Exception {
        NamespaceCluster cluster = NamespaceCluster.up(Path.of(args[0]), 1);
        System.out.println("up " + String.join(" ", cluster.objects()));
        System.out.flush();
        Thread.currentThread().join(); // until killed: the cluster's own exit hook is what a SIGTERM tests
    }
}
