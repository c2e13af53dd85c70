package mse.emulator.timeline;

import java.nio.file.Path;

/**
 * A finished timeline: timeline.json (`file`, null in format otf2) and the OTF2 archive's main file (`otf2Archive`,
 * null in format chrome), how many trace events timeline.json holds (or would hold) and how many events auto mode
 * left out (0 in full mode), between which virtual times.
 */
public record WrittenTimeline(Path file, TimelineMode mode, long events, long droppedEvents, long droppedFromNanos,
                              long droppedUntilNanos, Path otf2Archive) {

    /** One line for stderr when events were left out, saying what was kept and how to get everything. */
    public String note() {
        return String.format("timeline: %,d events in %s; to stay under %,d events and %,d bytes auto mode kept the first and "
                        + "last windows (masters' and slaves' apart), leaving out %,d events between %.6f s and %.6f s (--timeline full keeps all)",
                events, (file != null ? file : otf2Archive).getFileName(), TimelineWriter.AUTO_LIMIT_EVENTS, TimelineWriter.AUTO_LIMIT_BYTES,
                droppedEvents, droppedFromNanos / 1e9, droppedUntilNanos / 1e9);
    }
}
