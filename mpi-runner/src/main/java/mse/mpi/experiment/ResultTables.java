package mse.mpi.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.apps.strategy.StrategyOptions;

/** The short tables the commands print; the full results are in the files they name. */
public final class ResultTables {

    private ResultTables() {
    }

    @SuppressWarnings("unchecked")
    public static void printRun(Map<String, Object> s, Path dir) {
        Map<String, Object> master = (Map<String, Object>) ((Map<String, Object>) s.get("breakdown")).get("master");
        Map<String, Object> latency = (Map<String, Object>) s.get("latency");
        System.out.printf("%s, %s master strategy%s, np %s, target %s (cpu ratio %s, task cost %s)%n", s.get("workload"),
                s.get("strategy"), s.containsKey("prefetch") ? " (prefetch " + s.get("prefetch") + ")" : "", s.get("np"), s.get("profile"),
                s.get("cpuRatio"), s.get("taskCost"));
        System.out.printf("  predicted time   %.6f s (virtual; speedup %.2f over one target CPU)%n",
                num(s.get("predictedSeconds")), num(s.get("speedup")));
        System.out.printf("  master %s         send %.4f s, recv %.4f s, compute %.4f s, idle %.4f s (busy %.1f%%)%n",
                master.get("rank"), num(master.get("sendSeconds")), num(master.get("recvSeconds")),
                num(master.get("computeSeconds")), num(master.get("idleSeconds")), 100 * num(master.get("busyFraction")));
        System.out.printf("  slave wait       p50 %.1f us, p99 %.1f us; master queue wait p99 %.1f us%n",
                num(pick(latency, "slaveWaitMicros", "p50")), num(pick(latency, "slaveWaitMicros", "p99")),
                num(pick(latency, "masterQueueWaitMicros", "p99")));
        System.out.printf("  tasks %s, checksum %s, wall time %.2f s%n", s.get("tasks"), s.get("checksum"), num(s.get("wallSeconds")));
        System.out.printf("  results          %s%n", dir.resolve("summary.json"));
    }

    /** The sweep table's header; with --prefetch a K column (tasks in flight per slave) after Pm. */
    public static void printSweepHeader(boolean prefetch) {
        System.out.printf("%-10s %4s%s %6s %14s %9s %14s %18s %10s%n", "strategy", "Pm", prefetch ? String.format(" %3s", "K") : "", "P",
                "predicted s", "speedup", "master busy %", "slave wait p99 us", "wall s");
    }

    @SuppressWarnings("unchecked")
    public static void printSweepRow(Map<String, Object> s) {
        Map<String, Object> master = (Map<String, Object>) ((Map<String, Object>) s.get("breakdown")).get("master");
        Map<String, Object> latency = (Map<String, Object>) s.get("latency");
        System.out.printf("%-10s %4s%s %6s %14.6f %9.2f %14.1f %18.1f %10.2f%n", s.get("strategy"), s.get("masters"),
                s.containsKey("prefetch") ? String.format(" %3s", s.get("prefetch")) : "", s.get("np"),
                num(s.get("predictedSeconds")),
                num(s.get("speedup")), 100 * num(master.get("busyFraction")), num(pick(latency, "slaveWaitMicros", "p99")),
                num(s.get("wallSeconds")));
    }

    /** With more than one configuration (strategy, masters, prefetch), the table again by predicted time. */
    public static void printSortedIfSeveral(List<Map<String, Object>> points) {
        if (points.stream().map(p -> p.get("strategy") + "/" + p.get("masters") + "/" + p.get("prefetch")).distinct().count() > 1) {
            System.out.println("\nsorted by predicted time:");
            printSweepHeader(points.get(0).containsKey("prefetch"));
            points.stream().sorted(java.util.Comparator.comparingDouble(p -> num(p.get("predictedSeconds"))))
                    .forEach(ResultTables::printSweepRow);
        }
    }

    public static void printBest(Map<String, Object> best, List<?> points) {
        System.out.printf("best: %s%s at P = %s (least predicted time, %.6f s)%s%n",
                StrategyOptions.kind(String.valueOf(best.get("strategy"))).map(k -> k.inWords(best.get("masters")))
                        .orElse(String.valueOf(best.get("strategy"))),
                best.containsKey("prefetch") ? ", prefetch " + best.get("prefetch") : "", best.get("np"),
                num(best.get("predictedSeconds")),
                best.get("np").equals(((Map<?, ?>) points.get(points.size() - 1)).get("np"))
                        ? "; still improving at the largest P swept" : "");
    }

    @SuppressWarnings("unchecked")
    private static Object pick(Map<String, Object> map, String a, String b) {
        return ((Map<String, Object>) map.get(a)).get(b);
    }

    /** summary.json's best: the point with the least predicted time (the saturation point of one configuration). */
    public static Map<String, Object> best(List<Map<String, Object>> points) {
        Map<String, Object> best = points.stream()
                .min(java.util.Comparator.comparingDouble(p -> num(p.get("predictedSeconds"))))
                .orElseThrow();
        Map<String, Object> entry = new java.util.LinkedHashMap<>();
        for (String key : List.of("np", "strategy", "masters", "prefetch", "predictedSeconds")) {
            if (best.containsKey(key) || !key.equals("prefetch")) {
                entry.put(key, best.get(key));
            }
        }
        return entry;
    }

    public static double num(Object o) {
        return ((Number) o).doubleValue();
    }
}
