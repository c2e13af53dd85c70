package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mse.emulator.timeline.Otf2Print;
import mse.emulator.timeline.TraceFile;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests in the OTF2 archive as OTF2 records them (request-twins.c, np 4): a receive's MpiIrecvRequest in the call that
 * posted it (MPI_Irecv, or MPI_Start of MPI_Recv_init's) and its MpiIrecv in the wait or test that completed it; a
 * nonblocking collective's NonBlockingCollectiveRequest in its starting call (MPI_Ibcast, ..., with no collective begin
 * and end there) and its NonBlockingCollectiveComplete, with its operation, root and bytes, in the wait that completed it.
 */
class Otf2RequestsIT {

    private static final Pattern COMPLETE = Pattern.compile("^Operation: (\\w+), Communicator: \"MPI_COMM_WORLD\" <0>, Root: .*, "
            + "Sent: (\\d+), Received: (\\d+), Request: \\d+$");

    @TempDir
    Path tmp;

    @Test
    void aReceiveIsRequestedWhereItIsPostedAndCompletedWhereItsWaitEnds() throws Exception {
        for (String mode : List.of("isend", "persistent")) {
            Otf2Print archive = archive(mode, "12");
            Map<String, Integer> requested = inCalls(archive, "MPI_IRECV_REQUEST");
            Map<String, Integer> completed = inCalls(archive, "MPI_IRECV");
            assertEquals(List.of(mode.equals("isend") ? "MPI_Irecv" : "MPI_Start"), List.copyOf(requested.keySet()), mode + ": " + requested);
            assertTrue(completed.keySet().stream().allMatch(call -> call.startsWith("MPI_Wait") || call.startsWith("MPI_Test")),
                    mode + ": " + completed);
            int receives = completed.values().stream().mapToInt(Integer::intValue).sum();
            assertTrue(receives >= 12, mode + ": a completion per result at least: " + completed);
        }
    }

    @Test
    void aNonblockingCollectiveIsRequestedInItsCallAndCompletedInItsWait() throws Exception {
        Otf2Print archive = archive("nonblocking", "2");
        Map<String, Integer> requested = inCalls(archive, "NON_BLOCKING_COLLECTIVE_REQUEST");
        assertTrue(requested.containsKey("MPI_Ibcast") && requested.containsKey("MPI_Ialltoall") && requested.containsKey("MPI_Ibarrier"),
                requested.toString());
        assertTrue(requested.keySet().stream().allMatch(call -> call.startsWith("MPI_I")), requested.toString());
        assertEquals(Map.of("MPI_Wait", (int) archive.count("NON_BLOCKING_COLLECTIVE_REQUEST")),
                inCalls(archive, "NON_BLOCKING_COLLECTIVE_COMPLETE"), "every one completed in the wait that follows it");
        long sent = 0, received = 0;
        Map<String, Integer> operations = new HashMap<>();
        for (Otf2Print.Event e : archive.events()) {
            if (e.kind().equals("NON_BLOCKING_COLLECTIVE_COMPLETE")) {
                Matcher m = COMPLETE.matcher(e.attributes());
                assertTrue(m.matches(), e.toString());
                operations.merge(m.group(1), 1, Integer::sum);
                sent += Long.parseLong(m.group(2));
                received += Long.parseLong(m.group(3));
            }
        }
        assertTrue(operations.containsKey("BCAST") && operations.containsKey("BARRIER") && operations.containsKey("ALLTOALL"), operations.toString());
        assertTrue(sent > 0, "the collectives' bytes");
        assertEquals(sent, received, "every byte a rank's collectives sent another's received");
    }

    /** request-twins MODE N emulated at np 4 with an OTF2 archive, read back and checked against its timeline.json. */
    private Otf2Print archive(String mode, String n) throws Exception {
        Path program = ForeignRuns.compile("request-twins", tmp);
        Path out = tmp.resolve(mode);
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "4", "--task-cost", "fixed:1ms", "--timeline", "full",
                "--timeline-format", "both", "--quiet", "--out", out.toString(), "--", program.toString(), mode, n));
        assertEquals(0, r.exit(), r.output());
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        Otf2Print archive = Otf2Print.read(out.resolve("otf2").resolve("traces.otf2"));
        archive.matches(TraceFile.read(out.resolve("timeline.json")), Math.round(((Number) summary.get("predictedSeconds")).doubleValue() * 1e9));
        return archive;
    }

    /** How many events of `kind` each MPI call holds, by the call's name. */
    private static Map<String, Integer> inCalls(Otf2Print archive, String kind) {
        Map<Integer, String> inCall = new HashMap<>();
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (Otf2Print.Event e : archive.events()) {
            if (e.kind().equals("ENTER") && e.region().startsWith("MPI_")) {
                inCall.put(e.location(), e.region());
            } else if (e.kind().equals("LEAVE") && e.region().startsWith("MPI_")) {
                inCall.remove(e.location());
            } else if (e.kind().equals(kind)) {
                counts.merge(String.valueOf(inCall.get(e.location())), 1, Integer::sum);
            }
        }
        return counts;
    }
}
