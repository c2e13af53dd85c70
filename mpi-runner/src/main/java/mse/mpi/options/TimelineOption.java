package mse.mpi.options;

import mse.emulator.timeline.TimelineMode;
import picocli.CommandLine.Option;

/** --timeline: how much of each run goes to timeline.json (emulate, sweep, predict, and a rank 0 hosting the emulator). */
public final class TimelineOption {

    @Option(names = "--timeline", paramLabel = "off|full|auto", defaultValue = "auto",
            description = "Write timeline.json (Chrome trace: open in ui.perfetto.dev or chrome://tracing): off, full, or "
                    + "auto, which keeps at most about 1,000,000 events: the first and last windows of the slaves' and of the masters' events "
                    + "(default: ${DEFAULT-VALUE}).")
    String timeline;

    /** The mode; anything but off, full or auto is bad input (exit 2). */
    public TimelineMode mode() {
        return BadInputException.check("--timeline", () -> TimelineMode.parse(timeline));
    }
}
