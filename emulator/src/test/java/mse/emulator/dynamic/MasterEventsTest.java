package mse.emulator.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** summary.json's splits, merges and peakMasters, and masters.csv, from a DY log. */
class MasterEventsTest {

    private static MasterEvent split(double t, int master, int depth) {
        return new MasterEvent(t, master, MasterEvent.SPLIT, 10, 1, depth);
    }

    private static MasterEvent merge(double t, int master, int depth) {
        return new MasterEvent(t, master, MasterEvent.MERGE, 0, 1, depth);
    }

    @Test
    void peakMastersCountsTheMastersServingAtOnceRankZeroIncluded() {
        List<MasterEvent> log = List.of(split(1, 4, 1), split(2, 6, 2), merge(3, 6, 2), split(3, 2, 2), merge(4, 2, 2), merge(5, 4, 1));
        assertEquals(new MasterActivity(3, 3, 3, log), MasterEvents.activity(log),
                "a merge and a split at the same time are a hand-over, not a fourth master");
        assertEquals(new MasterActivity(0, 0, 1, List.of()), MasterEvents.activity(List.of()));
    }

    @Test
    void eventsSurviveJsonAndWriteOneCsvLineEach() throws Exception {
        List<MasterEvent> log = List.of(split(0.25, 4, 1), merge(0.5, 4, 1));
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        String written = json.writeValueAsString(log);
        assertEquals("{\"virtualSeconds\":0.25,\"master\":4,\"action\":\"split\",\"tasksMoved\":10,\"slavesMoved\":1,\"depth\":1}",
                written.substring(1, written.indexOf('}') + 1), "the keys of summary.json's masterEvents, in masters.csv's order");
        assertEquals(log, List.of(json.readValue(written, MasterEvent[].class)));
        assertEquals(MasterEvents.HEADER + "0.25,4,split,10,1,1\n0.5,4,merge,0,1,1\n", MasterEvents.toCsv(log));
    }
}
