package mse.emulator.dynamic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** masters.csv: the split/merge log of a DY run, one line per event in virtual-time order. */
public final class MasterEvents {

    public static final String HEADER = "virtualSeconds,master,action,tasksMoved,slavesMoved,depth\n";

    private MasterEvents() {
    }

    public static String toCsv(List<MasterEvent> events) {
        StringBuilder csv = new StringBuilder(HEADER);
        for (MasterEvent e : events) {
            csv.append(e.virtualSeconds()).append(',').append(e.master()).append(',').append(e.action()).append(',')
                    .append(e.tasksMoved()).append(',').append(e.slavesMoved()).append(',').append(e.depth()).append('\n');
        }
        return csv.toString();
    }

    /**
     * The splits, merges and peak of masters of a DY run's log. A merge at the same virtual time as a split counts
     * first, so a hand-over is not taken for an extra master.
     */
    public static MasterActivity activity(List<MasterEvent> events) {
        List<MasterEvent> ordered = new ArrayList<>(events);
        ordered.sort(Comparator.comparingDouble(MasterEvent::virtualSeconds)
                .thenComparing(e -> MasterEvent.SPLIT.equals(e.action())));
        int splits = 0;
        int merges = 0;
        int serving = 1;
        int peak = 1;
        for (MasterEvent e : ordered) {
            if (MasterEvent.SPLIT.equals(e.action())) {
                splits++;
                serving++;
            } else {
                merges++;
                serving--;
            }
            peak = Math.max(peak, serving);
        }
        return new MasterActivity(splits, merges, peak, events);
    }
}
