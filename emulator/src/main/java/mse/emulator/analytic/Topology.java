package mse.emulator.analytic;

/**
 * The hop factor pi of seed 004 (004_30a04542370bf796.txt): the average distance between two processors
 * of a dense partition, 1/2 log2 ns on the SGI Origin 2000's hypercube and 3/4 ns^(1/3) on the Cray
 * T3E's 3-D torus; pi = 1 with one slave ("master and slave processors are neighbors").
 */
public enum Topology {
    HYPERCUBE,
    TORUS_3D;

    public double hops(int slaves) {
        if (slaves <= 1) {
            return 1;
        }
        return switch (this) {
            case HYPERCUBE -> 0.5 * Math.log(slaves) / Math.log(2);
            case TORUS_3D -> 0.75 * Math.cbrt(slaves);
        };
    }

    /**
     * Rounds of MPI's binomial-tree broadcast, which seed 004 says makes the broadcast time proportional
     * to log2 ns: ceil(log2(ns + 1)) rounds reach the ns slaves from the master (1 round for 1 slave).
     */
    public static int broadcastRounds(int slaves) {
        int rounds = 0;
        for (long reached = 1; reached < slaves + 1L; reached *= 2) {
            rounds++;
        }
        return rounds;
    }
}
