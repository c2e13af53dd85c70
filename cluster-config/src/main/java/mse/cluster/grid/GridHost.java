package mse.cluster.grid;

/**
 * A processor of a grid on its local network, with its work capacities in tasks per second: W_SlaveCPU
 * and W_MasterCPU (seed 002 (002_a91b5601aca36903.txt) section 3, eq. 6-7: W = Avail_CPU / T).
 */
public record GridHost(String name, String network, double slaveCapacity, double masterCapacity) {
}
