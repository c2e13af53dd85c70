package mse.mpi.rank;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import mse.emulator.dynamic.MasterEvent;

/**
 * What rank 0 reports when its program part is over: master.json for the launcher (written and read by Jackson,
 * keys in this order), or the argument of RankRuntime.finish when rank 0 hosts the emulator.
 *
 * @param np             the ranks of the run
 * @param tasks          the tasks the master handed out
 * @param programSeconds the program's own time on rank 0 (two wtime() calls; virtual when emulated)
 * @param checksum       the result's checksum (MASE: SHA-256 of the image), checked against the sequential one
 * @param masterEvents   DY's splits and merges in virtual-time order; null (and absent from the file) for the
 *                       strategies that have none
 * @param rehearsal      whether the farm was rehearsed before the span (MeasuredSpan's values); null where the
 *                       program says nothing of it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RankResult(int np, int tasks, double programSeconds, String checksum, List<MasterEvent> masterEvents, String rehearsal) {

    public RankResult {
        masterEvents = masterEvents == null ? null : List.copyOf(masterEvents);
    }

    /** A program that says nothing of a rehearsal (a program of its own, as PrimeCount). */
    public RankResult(int np, int tasks, double programSeconds, String checksum, List<MasterEvent> masterEvents) {
        this(np, tasks, programSeconds, checksum, masterEvents, null);
    }

    /** DY's events, empty for the other strategies. */
    public List<MasterEvent> events() {
        return masterEvents == null ? List.of() : masterEvents;
    }
}
