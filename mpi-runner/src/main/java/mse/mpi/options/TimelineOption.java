package mse.mpi.options;

import mse.emulator.timeline.TimelineFormat;
import mse.emulator.timeline.TimelineMode;
import mse.emulator.timeline.TimelineRequest;
import picocli.CommandLine.Option;

/**
 * --timeline and --timeline-format: how much of each run goes to its timeline, and as which files (emulate, sweep,
 * predict, and a rank 0 hosting the emulator).
 */
public final class TimelineOption {

    @Option(names = "--timeline", paramLabel = "off|full|auto", defaultValue = "auto",
            description = "Write timeline.json (Chrome trace: open in ui.perfetto.dev or chrome://tracing): off, full, or "
                    + "auto, which keeps at most about 1,000,000 events: the first and last windows of the slaves' and of the masters' events "
                    + "(default: ${DEFAULT-VALUE}).")
    String timeline;

    @Option(names = "--timeline-format", paramLabel = "chrome|otf2|both", defaultValue = "chrome",
            description = "The timeline's files: chrome (timeline.json), otf2 (the OTF2 archive otf2/traces.otf2, for Vampir and "
                    + "the Score-P tools: docs/otf2.md) or both; the same events go to each (default: ${DEFAULT-VALUE}).")
    String format;

    /** The mode; anything but off, full or auto is bad input (exit 2). */
    public TimelineMode mode() {
        return BadInputException.check("--timeline", () -> TimelineMode.parse(timeline));
    }

    /** The mode and the format; a format other than chrome, otf2 or both is bad input (exit 2). */
    public TimelineRequest request() {
        TimelineMode mode = mode();
        return new TimelineRequest(mode, BadInputException.check("--timeline-format", () -> TimelineFormat.parse(format)));
    }
}
