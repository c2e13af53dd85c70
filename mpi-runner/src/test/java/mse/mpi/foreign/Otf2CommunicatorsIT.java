package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
 * The OTF2 archive of a program on created communicators (comm-farm.c split: a duplicate of the world of 8, then two
 * farms, one on each half of a split world) defines each communicator with its members in world ranks and its parent, and
 * every message names the communicator it travelled on, with its peer's rank there, as otf2-print reads them.
 */
class Otf2CommunicatorsIT {

    private static final Pattern COMM = Pattern.compile("^COMM (\\d+) Name: \"([^\"]*)\" <\\d+>, Group: \"[^\"]*\" <(\\d+)>, Parent: (.*), Flags: NONE$");

    @TempDir
    Path tmp;

    @Test
    void aSplitWorldsArchiveDefinesEachHalfWithItsMembersAndItsMessagesNameTheirHalf() throws Exception {
        Path farm = ForeignRuns.compile("comm-farm", tmp);
        Path out = tmp.resolve("split");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "8", "--task-cost", "fixed:1ms", "--timeline", "full",
                "--timeline-format", "both", "--quiet", "--out", out.toString(), "--", farm.toString(), "split", "12"));
        assertEquals(0, r.exit(), r.output());
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        Otf2Print archive = Otf2Print.read(out.resolve("otf2").resolve("traces.otf2"));
        archive.matches(TraceFile.read(out.resolve("timeline.json")),
                Math.round(((Number) summary.get("predictedSeconds")).doubleValue() * 1e9));

        List<String> comms = archive.definitions("COMM");
        assertTrue(comms.get(0).startsWith("COMM 0 Name: \"MPI_COMM_WORLD\""), String.join("\n", comms));
        assertTrue(comms.get(1).startsWith("COMM 1 Name: \"MPI_COMM_SELF\""), String.join("\n", comms));
        assertEquals(5, comms.size(), "the world, self, the duplicate and the two halves: " + String.join("\n", comms));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), members(archive, comms, "MPI_Comm_dup: comm 2, first member rank 0", "\"MPI_COMM_WORLD\" <0>"));
        assertEquals(List.of(0, 1, 2, 3), members(archive, comms, "MPI_Comm_split: comm 3, first member rank 0", "\"MPI_COMM_WORLD\" <0>"));
        assertEquals(List.of(4, 5, 6, 7), members(archive, comms, "MPI_Comm_split: comm 3, first member rank 4", "\"MPI_COMM_WORLD\" <0>"));

        // the second farm's master, world rank 4, sends its tasks on its half to its workers, ranks 1 to 3 there
        List<Otf2Print.Event> sends = archive.events().stream()
                .filter(e -> e.kind().equals("MPI_SEND") && e.location() == 4 && e.attributes().contains("Tag: 1,")).toList();
        assertFalse(sends.isEmpty(), "the second master's tasks");
        Pattern receiver = Pattern.compile("^Receiver: ([123]) \\(\"rank ([567])[^\"]*\" <([567])>\\), "
                + "Communicator: \"MPI_Comm_split: comm 3, first member rank 4\" <\\d+>, Tag: 1, .*");
        for (Otf2Print.Event send : sends) {
            Matcher m = receiver.matcher(send.attributes());
            assertTrue(m.matches(), "a task on the second half: " + send);
            assertEquals(Integer.parseInt(m.group(1)) + 4, Integer.parseInt(m.group(3)), "its rank in the half, its world rank: " + send);
        }
        // on the world travel only the creations' agreements (on its library context), inside the creating calls
        Map<Integer, String> inCall = new java.util.HashMap<>();
        int onWorld = 0;
        for (Otf2Print.Event e : archive.events()) {
            if (e.kind().equals("ENTER") && e.region().startsWith("MPI_")) {
                inCall.put(e.location(), e.region());
            } else if (e.kind().equals("LEAVE") && e.region().startsWith("MPI_")) {
                inCall.remove(e.location());
            } else if (e.kind().matches("MPI_I?(SEND|RECV)") && e.attributes().contains("Communicator: \"MPI_COMM_WORLD\"")) {
                assertTrue(List.of("MPI_Comm_dup", "MPI_Comm_split").contains(inCall.get(e.location())), "on the world: " + e);
                onWorld++;
            }
        }
        assertTrue(onWorld > 0, "the creations' messages on the world");
    }

    /** The world ranks of the members of the communicator named `name`, whose parent must be `parent`. */
    private static List<Integer> members(Otf2Print archive, List<String> comms, String name, String parent) {
        for (String comm : comms) {
            Matcher m = COMM.matcher(comm);
            if (m.matches() && m.group(2).equals(name)) {
                assertEquals(parent, m.group(4), comm);
                String group = archive.definitions("GROUP").stream().filter(g -> g.startsWith("GROUP " + m.group(3) + " ")).findFirst()
                        .orElseThrow();
                Matcher member = Pattern.compile("(\\d+) \\(\"rank \\d+[^\"]*\" <\\d+>\\)").matcher(group.substring(group.indexOf("Members: ")));
                List<Integer> ranks = new java.util.ArrayList<>();
                while (member.find()) {
                    ranks.add(Integer.parseInt(member.group(1)));
                }
                return ranks;
            }
        }
        throw new AssertionError("no communicator " + name + " among\n" + String.join("\n", comms));
    }
}
