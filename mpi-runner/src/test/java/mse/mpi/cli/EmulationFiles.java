package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.emulator.timeline.TimelineReader;
import mse.mpi.JsonFile;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Checks an emulated run's directory is complete, for the integration and local tests. */
final class EmulationFiles {

    private EmulationFiles() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> checkComplete(Path dir, int np) throws Exception {
        Map<String, Object> s = JsonFile.read(dir.resolve("summary.json"));
        for (String key : List.of("command", "app", "strategy", "np", "masters", "profile", "cpuRatio", "tasks",
                "predictedSeconds", "wallSeconds", "checksum")) {
            assertTrue(s.containsKey(key), "summary.json lacks " + key + ": " + s);
        }
        assertEquals(np, s.get("np"));
        Map<String, Object> master = (Map<String, Object>) ((Map<String, Object>) s.get("breakdown")).get("master");
        double parts = 0;
        for (String key : List.of("sendSeconds", "recvSeconds", "computeSeconds", "idleSeconds")) {
            parts += ((Number) master.get(key)).doubleValue();
        }
        assertTrue(parts > 0 && parts <= ((Number) s.get("predictedSeconds")).doubleValue() * (1 + 1e-9));
        Map<String, Object> latency = (Map<String, Object>) s.get("latency");
        for (String measure : List.of("slaveWaitMicros", "masterQueueWaitMicros")) {
            Map<String, Object> p = (Map<String, Object>) latency.get(measure);
            for (String key : List.of("p50", "p90", "p99", "max", "count")) {
                assertTrue(p.containsKey(key), measure + " lacks " + key);
            }
        }
        assertEquals(np + 1, Files.readAllLines(dir.resolve("breakdown.csv")).size());
        checkTimeline(dir);
        assertEquals(((Number) s.get("tasks")).intValue() + 1, Files.readAllLines(dir.resolve("tasks.csv")).size());
        for (String name : List.of("slave-wait", "master-queue-wait", "master-queue-length")) {
            Histogram h;
            try (FileInputStream in = new FileInputStream(dir.resolve("histograms/" + name + ".hlog").toFile())) {
                h = (Histogram) new HistogramLogReader(in).nextIntervalHistogram();
            }
            String hgrm = Files.readString(dir.resolve("histograms/" + name + ".hgrm"));
            assertTrue(hgrm.contains(String.format("Total count    = %12d]", h.getTotalCount())),
                    name + ".hgrm and .hlog disagree: " + hgrm);
            assertTrue(h.getTotalCount() > 0, name + " recorded nothing");
        }
        return s;
    }

    /**
     * timeline.json: every rank's spans never overlap, and its send, recv and compute spans add up to its row of
     * breakdown.csv (the same nanoseconds, so the same seconds).
     */
    static void checkTimeline(Path dir) throws Exception {
        List<TimelineReader.Span> spans = TimelineReader.spans(dir.resolve("timeline.json"), Long.MAX_VALUE);
        List<String> rows = Files.readAllLines(dir.resolve("breakdown.csv"));
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            int rank = Integer.parseInt(f[0]);
            List<TimelineReader.Span> own = spans.stream().filter(sp -> sp.rank() == rank)
                    .sorted(java.util.Comparator.comparingLong(TimelineReader.Span::startNanos)).toList();
            for (int i = 1; i < own.size(); i++) {
                assertTrue(own.get(i - 1).endNanos() <= own.get(i).startNanos(), "rank " + rank + " spans overlap: " + own.get(i - 1) + own.get(i));
            }
            assertEquals(Double.parseDouble(f[2]), total(own, "send") / 1e9, "send of rank " + rank);
            assertEquals(Double.parseDouble(f[3]), total(own, "recv") / 1e9, "recv of rank " + rank);
            assertEquals(Double.parseDouble(f[4]), total(own, "compute") / 1e9, "compute of rank " + rank);
        }
        assertTrue(spans.stream().anyMatch(sp -> sp.rank() == 0 && sp.name().equals("recv")), "the master's receives are on its track");
    }

    private static long total(List<TimelineReader.Span> spans, String name) {
        return spans.stream().filter(sp -> sp.name().equals(name)).mapToLong(sp -> sp.endNanos() - sp.startNanos()).sum();
    }
}
