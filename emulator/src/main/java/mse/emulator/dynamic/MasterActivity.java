package mse.emulator.dynamic;

import java.util.List;

/**
 * What summary.json says about a DY run's masters (per run, and per point of a sweep or a prediction): how many
 * splits and merges there were, the most masters serving at once (rank 0 counted) and the events themselves.
 */
public record MasterActivity(int splits, int merges, int peakMasters, List<MasterEvent> masterEvents) {

    public MasterActivity {
        masterEvents = List.copyOf(masterEvents);
    }
}
