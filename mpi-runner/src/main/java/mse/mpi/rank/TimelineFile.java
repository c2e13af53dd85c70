package mse.mpi.rank;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.report.EmulationReport;
import mse.emulator.timeline.TimelineInstant;
import mse.emulator.timeline.TimelineWriter;
import mse.emulator.timeline.WrittenTimeline;
import org.slf4j.LoggerFactory;

/**
 * Finishes a run's timeline.json once the run's inputs are known: the summary's header becomes the trace's
 * metadata, and DY's splits and merges (rank 0's masterEvents) become instants on the secondary master's
 * track. When auto mode left events out, stderr says so.
 */
public final class TimelineFile {

    private TimelineFile() {
    }

    /**
     * Finishes the report's timeline, if it has one, with the run's header (a record) as metadata; `master` is rank 0's
     * result (with DY's masterEvents), null for a foreign program.
     */
    public static Optional<WrittenTimeline> finish(EmulationReport report, Object header,
                                                   RankResult master) throws IOException {
        Optional<TimelineWriter> timeline = report.timeline();
        if (timeline.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(finish(timeline.get(), header, master == null ? List.of() : master.events()));
    }

    /** Finishes `timeline` with `metadata` (a record) and DY's events. */
    public static WrittenTimeline finish(TimelineWriter timeline, Object metadata,
                                         List<MasterEvent> masterEvents) throws IOException {
        List<TimelineInstant> instants = masterEvents.stream().map(TimelineFile::instant).toList();
        WrittenTimeline written = timeline.finish(metadata, instants);
        if (written.droppedEvents() > 0) {
            System.err.println("mse: " + written.note());
        }
        LoggerFactory.getLogger(TimelineFile.class).info("timeline: {} events in {}{}", written.events(),
                written.file() == null ? "no timeline.json" : written.file(),
                written.otf2Archive() == null ? "" : ", OTF2 archive " + written.otf2Archive());
        return written;
    }

    /** The event on its master's track, its fields (as in masters.csv) as the instant's args. */
    private static TimelineInstant instant(MasterEvent event) {
        return new TimelineInstant(event.master(), Math.round(event.virtualSeconds() * 1e9), event.action(), event);
    }
}
