package mse.emulator.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankFact;
import org.junit.jupiter.api.Test;

/** The event stream mse-otf2 reads (docs/otf2.md): its exact lines, and names kept on one line. */
class EventStreamTest {

    @Test
    void writesTheDocumentedLines() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (EventStream stream = new EventStream(bytes)) {
            stream.span(Charge.compute(1, 0, 100, 7));
            stream.span(Charge.send(1, 100, 150, 0, 5, 64));
            stream.message(new MessageRecord(3, 1, 0, 5, 64, 100, 150, 250, 300, 320, false, 4));
            stream.critical(1, 0, 150);
            stream.call(new CallRecord(1, "MPI_Bcast", 100, 150, 0, 2));
            stream.call(new CallRecord(0, "MPI_Recv", 150, 320));
            stream.call(new CallRecord(0, "MPI_Irecv", 320, 330, -1, -1, java.util.List.of(new RankFact.RequestStarted(0, 1, 4, -1, 0)),
                    java.util.List.of()));
            stream.call(new CallRecord(0, "MPI_Wait", 330, 400, -1, -1, java.util.List.of(),
                    java.util.List.of(new RankFact.RequestCompleted(0, 1, 1, 5, 4, 64))));
            stream.communicator(new RankFact.CommMember(1, 2, 0, 2, 1, 0), "MPI_Comm_split");
            stream.host(0, "node-a");
            stream.rank(1, 0, "rank 1\nsecond line");
            stream.end(400);
        }
        assertEquals("""
                mse-trace-events 3
                span 1 compute 0 100 7 -1 -1 -1
                span 1 send 100 150 -1 0 5 64
                message 3 1 0 5 64 100 300 320 4
                critical 1 0 150
                call 1 100 150 0 2 MPI_Bcast
                call 0 150 320 -1 -1 MPI_Recv
                request 0 1 4 -1 0
                call 0 320 330 -1 -1 MPI_Irecv
                complete 0 1 1 5 4 64
                call 0 330 400 -1 -1 MPI_Wait
                comm 1 2 0 2 1 0 MPI_Comm_split
                host 0 node-a
                rank 1 0 rank 1 second line
                end 400
                """, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void formatsParseAndSayWhatTheyWrite() {
        assertEquals(TimelineFormat.BOTH, TimelineFormat.parse(" Both "));
        assertEquals("otf2", TimelineFormat.OTF2.spec());
        assertEquals(false, TimelineFormat.OTF2.writesChrome());
        assertEquals(false, TimelineFormat.CHROME.writesOtf2());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> TimelineFormat.parse("paje"));
        assertEquals("expected chrome, otf2 or both, got 'paje'", bad.getMessage());
    }
}
