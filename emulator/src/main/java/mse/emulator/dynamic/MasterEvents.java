package mse.emulator.dynamic;

import java.util.List;
import java.util.Map;

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

    /** The same from rank 0's result map (maps with the keys of MasterEvent.toMap, as JSON gives them back). */
    public static String toCsvFromMaps(List<? extends Map<?, ?>> events) {
        StringBuilder csv = new StringBuilder(HEADER);
        for (Map<?, ?> e : events) {
            csv.append(e.get("virtualSeconds")).append(',').append(e.get("master")).append(',').append(e.get("action")).append(',')
                    .append(e.get("tasksMoved")).append(',').append(e.get("slavesMoved")).append(',').append(e.get("depth")).append('\n');
        }
        return csv.toString();
    }
}
