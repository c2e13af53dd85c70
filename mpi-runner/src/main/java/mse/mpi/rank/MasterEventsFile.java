package mse.mpi.rank;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mse.emulator.dynamic.MasterActivity;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.dynamic.MasterEvents;
import mse.emulator.report.AtomicFiles;

/** DY's split/merge log (seed 001, section 3.2) as rank 0 collected it: masters.csv and summary.json's masterEvents. */
public final class MasterEventsFile {

    private MasterEventsFile() {
    }

    /** Writes masters.csv in dir and returns what the summary says of the log (an emulated run or a predicted point). */
    public static MasterActivity write(Path dir, List<MasterEvent> events) throws IOException {
        AtomicFiles.writeString(dir.resolve("masters.csv"), MasterEvents.toCsv(events));
        return MasterEvents.activity(events);
    }
}
