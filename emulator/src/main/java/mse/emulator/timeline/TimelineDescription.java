package mse.emulator.timeline;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * timeline.json's metadata.timeline: its mode and how many events it holds; in auto mode also the limits (events,
 * and bytes of the file: limitBytes), how many events were dropped and, when some were, which were kept and
 * the virtual span they were dropped from (else null, absent from the file).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record TimelineDescription(String mode, long events, String timeUnit, Integer limitEvents, Long droppedEvents, String kept,
                           Double droppedFromSeconds, Double droppedUntilSeconds, Long limitBytes) {

    /** The unit of the trace's ts and dur, for whoever opens the file. */
    static final String TIME_UNIT = "virtual microseconds (ts, dur)";
}
