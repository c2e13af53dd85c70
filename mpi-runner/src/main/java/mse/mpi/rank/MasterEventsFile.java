package mse.mpi.rank;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.dynamic.MasterEvents;
import mse.emulator.report.AtomicFiles;

/** DY's split/merge log (seed 001, section 3.2) as rank 0 collected it: masters.csv and summary.json's masterEvents. */
public final class MasterEventsFile {

    private MasterEventsFile() {
    }

    /** Writes masters.csv and adds the log and its activity to the header when rank 0 reported a log (DY only). */
    public static void write(Path dir, RankResult master, Map<String, Object> header) throws IOException {
        if (master.masterEvents() != null) {
            write(dir, master.masterEvents(), header);
        }
    }

    /** masters.csv in dir; splits, merges, peakMasters and masterEvents into summary (an emulated run or a predicted point). */
    public static void write(Path dir, List<MasterEvent> events, Map<String, Object> summary) throws IOException {
        summary.putAll(MasterEvents.activity(events));
        summary.put("masterEvents", List.copyOf(events));
        AtomicFiles.writeString(dir.resolve("masters.csv"), MasterEvents.toCsv(events));
    }

    /** The events of a summary this run wrote, for the report's timeline (empty unless DY). */
    public static List<MasterEvent> of(Map<String, Object> summary) {
        return summary.get("masterEvents") instanceof List<?> events
                ? events.stream().map(MasterEvent.class::cast).toList() : List.of();
    }
}
