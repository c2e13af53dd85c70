package mse.mpi.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.emulator.report.AtomicFiles;
import mse.emulator.dynamic.MasterEvents;

/** DY's split/merge log (seed 001, section 3.2) as rank 0 collected it: masters.csv and summary.json's masterEvents. */
public final class MasterEventsFile {

    private MasterEventsFile() {
    }

    /** Writes masters.csv and adds masterEvents to the header when rank 0 reported any log (DY only). */
    public static void write(Path dir, Map<String, Object> master, Map<String, Object> header) throws IOException {
        if (master.get("masterEvents") instanceof List<?> events) {
            header.put("masterEvents", events);
            AtomicFiles.writeString(dir.resolve("masters.csv"),
                    MasterEvents.toCsvFromMaps(events.stream().map(e -> (Map<?, ?>) e).toList()));
        }
    }

    /** The events of a summary, for the report's timeline (empty unless DY). */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> of(Map<String, Object> summary) {
        return summary.get("masterEvents") instanceof List<?> events ? (List<Map<String, Object>>) events : List.of();
    }
}
