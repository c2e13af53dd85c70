package mse.emulator.workrate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One candidate master m and the work rates it achieves (seed 002 (002_a91b5601aca36903.txt) section 2):
 * SlaveRate(m, s) for each other host s (0 when s is not used), AppRate(m, S) = the sum of the slave
 * rates (eq. 1), and ExecTime = Tasks / AppRate (eq. 2).
 */
public record MasterCandidate(String master, double masterCapacity, Map<String, Double> slaveRates, double appRate) {

    public MasterCandidate {
        slaveRates = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(slaveRates));
    }

    /** Eq. 2; infinite when no slave can work for this master. */
    public double execTimeSeconds(long tasks) {
        return appRate > 0 ? tasks / appRate : Double.POSITIVE_INFINITY;
    }

    /** Found(m) of seed 002 section 4.4: the slaves with a positive rate, in host order. */
    public java.util.List<String> found() {
        return slaveRates.entrySet().stream().filter(e -> e.getValue() > MaxFlow.EPSILON).map(Map.Entry::getKey).toList();
    }

    /** Same AppRate and the same rate for every slave, within `tolerance` tasks/s. */
    public boolean sameRates(MasterCandidate other, double tolerance) {
        if (Math.abs(appRate - other.appRate) > tolerance) {
            return false;
        }
        for (Map.Entry<String, Double> e : slaveRates.entrySet()) {
            if (Math.abs(e.getValue() - other.slaveRates.getOrDefault(e.getKey(), 0.0)) > tolerance) {
                return false;
            }
        }
        return true;
    }
}
