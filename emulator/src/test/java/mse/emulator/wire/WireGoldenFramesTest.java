package mse.emulator.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;
import org.junit.jupiter.api.Test;

/**
 * The golden frames of docs/wire-golden-frames.txt, which the C interposition library's own test reads too: the Java
 * codec must encode every rank-to-emulator line to exactly its bytes and decode every line back to its fields, so the
 * two clients of the protocol cannot drift apart. The file must hold a line of every message type the codec knows.
 */
class WireGoldenFramesTest {

    private static final Path GOLDEN = Path.of("..", "docs", "wire-golden-frames.txt");

    /** One line: the message's name, its fields in order, its payload. */
    record Golden(String name, Map<String, String> fields, byte[] payload) {
        int i32(String key) {
            return Integer.parseInt(get(key));
        }

        long i64(String key) {
            return Long.parseLong(get(key));
        }

        boolean bool(String key) {
            String value = get(key);
            assertTrue(value.equals("0") || value.equals("1"), name + ": " + key + " must be 0 or 1");
            return value.equals("1");
        }

        String get(String key) {
            String value = fields.get(key);
            if (value == null) {
                throw new IllegalArgumentException(name + " has no field " + key);
            }
            return value;
        }
    }

    static List<Golden> golden() throws IOException {
        List<Golden> lines = new ArrayList<>();
        for (String line : Files.readAllLines(GOLDEN, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int bar = line.indexOf(" | ");
            String[] words = line.substring(0, bar).split(" ");
            Map<String, String> fields = new LinkedHashMap<>();
            for (int i = 1; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                fields.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
            lines.add(new Golden(words[0], fields, HexFormat.of().parseHex(line.substring(bar + 3).trim())));
        }
        return lines;
    }

    @Test
    void everyRankMessageEncodesToItsGoldenBytesAndBack() throws IOException {
        int checked = 0;
        for (Golden g : golden()) {
            if (g.name().equals("HELLO")) {
                assertEquals(FrameCodec.PROTOCOL_VERSION, g.i32("version"), "the golden file's protocol version");
                Hello hello = new Hello(g.get("token"), g.i32("rank"), g.i32("np"),
                        g.bool("lowerBounds") ? Hello.Channel.LOWER_BOUNDS : Hello.Channel.FACTS);
                assertEquals(hex(g.payload()), hex(FrameCodec.encodeHello(hello)), "HELLO " + g.fields());
                assertEquals(hello, FrameCodec.decodeHello(g.payload()));
                checked++;
            } else if (fact(g) != null) {
                RankFact fact = fact(g);
                assertEquals(hex(g.payload()), hex(FrameCodec.encodeFact(fact)), g.name() + " " + g.fields());
                assertEquals(fact, FrameCodec.decodeFact(g.payload()));
                checked++;
            }
        }
        assertTrue(checked >= 10, "rank-to-emulator lines checked: " + checked);
    }

    /**
     * PATTERNS, the first patterns of a PROBE_ANY too long for one frame: its line encodes to its bytes, and followed
     * by a PROBE_ANY of the same rank (here in the next frame) it decodes to one ProbeAny with all the patterns.
     */
    @Test
    void patternsEncodeToTheirGoldenBytesAndJoinTheirProbeAny() throws IOException {
        Golden patterns = golden().stream().filter(g -> g.name().equals("PATTERNS")).findFirst().orElseThrow();
        assertEquals(hex(patterns.payload()), hex(FrameCodec.encodePatterns(patterns.i32("rank"),
                patterns(patterns.get("patterns")))));
        Golden probe = golden().stream().filter(g -> g.name().equals("PROBE_ANY") && g.i32("rank") == patterns.i32("rank"))
                .findFirst().orElseThrow();
        FrameCodec.FactDecoder decoder = new FrameCodec.FactDecoder();
        assertEquals(List.of(), decoder.decode(java.nio.ByteBuffer.wrap(patterns.payload())));
        List<MessagePattern> all = new ArrayList<>(patterns(patterns.get("patterns")));
        all.addAll(patterns(probe.get("patterns")));
        assertEquals(List.of(new RankFact.ProbeAny(probe.i32("rank"), probe.i64("cpuNanos"), all, probe.bool("asOfNow"))),
                decoder.decode(java.nio.ByteBuffer.wrap(probe.payload())));
    }

    @Test
    void everyReplyDecodesToItsGoldenFieldsAndBack() throws IOException {
        int checked = 0;
        for (Golden g : golden()) {
            EmulatorReply reply = reply(g);
            if (reply != null) {
                assertEquals(reply, FrameCodec.decodeReply(g.payload()), g.name() + " " + g.fields());
                assertEquals(hex(g.payload()), hex(FrameCodec.encodeReply(reply)), g.name());
                checked++;
            }
        }
        assertTrue(checked >= 7, "emulator-to-rank lines checked: " + checked);
    }

    /** A message type added to the codec without a golden line would let the C side drift unseen. */
    @Test
    void theFileHasALineOfEveryMessageType() throws IOException, IllegalAccessException {
        Set<Integer> inFile = new TreeSet<>();
        for (Golden g : golden()) {
            inFile.add(g.payload()[0] & 0xff);
        }
        Set<Integer> known = new TreeSet<>();
        for (Field f : FrameCodec.class.getDeclaredFields()) {
            if (f.getType() == byte.class && Modifier.isStatic(f.getModifiers())) {
                known.add(f.getByte(null) & 0xff);
            }
        }
        assertEquals(known, inFile, "type bytes of FrameCodec against the golden file's");
    }

    private static List<Long> longs(String list) {
        return java.util.Arrays.stream(list.split(",")).map(Long::parseLong).toList();
    }

    private static RankFact fact(Golden g) {
        return switch (g.name()) {
            case "COMPUTED" -> new RankFact.Computed(g.i32("rank"), g.i64("cpuNanos"));
            case "PROGRESS" -> new RankFact.Progress(g.i32("rank"), g.i64("factsBefore"), g.i64("cpuNanos"));
            case "SENT" -> new RankFact.Sent(g.i32("rank"), g.i64("cpuNanos"), g.i32("dst"), g.i32("tag"), g.i32("bytes"),
                    g.i32("context"));
            case "RECEIVE" -> new RankFact.Receive(g.i32("rank"), g.i64("cpuNanos"), g.i32("source"), g.i32("tag"),
                    g.bool("needsAnswer"), g.i32("context"));
            case "PROBE" -> new RankFact.Probe(g.i32("rank"), g.i64("cpuNanos"), g.i32("source"), g.i32("tag"),
                    g.i32("context"));
            case "PROBE_ANY" -> new RankFact.ProbeAny(g.i32("rank"), g.i64("cpuNanos"), patterns(g.get("patterns")),
                    g.bool("asOfNow"));
            case "CLOCK_QUERY" -> new RankFact.ClockQuery(g.i32("rank"), g.i64("cpuNanos"));
            case "TASK_DONE" -> new RankFact.TaskDone(g.i32("rank"), g.i64("cpuNanos"), g.i32("taskId"),
                    g.i64("measuredCpuNanos"));
            case "FINISHED" -> new RankFact.Finished(g.i32("rank"), g.i64("cpuNanos"));
            case "FAILED" -> new RankFact.Failed(g.i32("rank"), g.get("reason"));
            case "COLLECTIVE" -> new RankFact.Collective(g.i32("rank"), g.get("call"), g.i32("comm"), g.i32("leader"),
                    g.i32("members"), g.i32("root"),
                    g.i64("dataBytes"), g.i32("op"));
            case "CALL_ENTER" -> new RankFact.CallEnter(g.i32("rank"), g.i64("cpuNanos"), g.get("call"));
            case "CALL_LEAVE" -> new RankFact.CallLeave(g.i32("rank"), g.i64("cpuNanos"));
            case "OFF_CPU" -> new RankFact.OffCpu(g.i32("rank"), g.i64("offCpuNanos"), g.i64("outsideNanos"));
            case "COMM_MEMBER" -> new RankFact.CommMember(g.i32("rank"), g.i32("comm"), g.i32("leader"), g.i32("members"), g.i32("index"),
                    g.i32("parent"));
            case "ERROR" -> new RankFact.MpiError(g.i32("rank"), g.get("call"), g.get("error"), g.get("handler"));
            case "BLOCKS" -> new RankFact.Blocks(g.i32("rank"), g.i32("index"), g.i32("first"), longs(g.get("sends")),
                    longs(g.get("receives")));
            case "REQUEST_STARTED" -> new RankFact.RequestStarted(g.i32("rank"), g.i32("request"), g.i32("context"), g.i32("firstTag"),
                    g.i32("tags"));
            case "REQUEST_COMPLETED" -> new RankFact.RequestCompleted(g.i32("rank"), g.i32("request"), g.i32("source"), g.i32("tag"),
                    g.i32("context"), g.i32("bytes"));
            default -> null;
        };
    }

    private static EmulatorReply reply(Golden g) {
        return switch (g.name()) {
            case "GRANT" -> new EmulatorReply.Grant(g.i32("rank"), g.i32("source"), g.i32("tag"), g.i32("bytes"),
                    g.i64("virtualNanos"), null, g.i32("context"));
            case "GRANT_AHEAD" -> new EmulatorReply.Grant(g.i32("rank"), g.i32("source"), g.i32("tag"), g.i32("bytes"),
                    g.i64("virtualNanos"), new EmulatorReply.Grant.Next(g.i32("nextSource"), g.i32("nextTag"),
                    g.i32("nextBytes"), g.i32("context")), g.i32("context"));
            case "CLOCK" -> new EmulatorReply.Clock(g.i32("rank"), g.i64("virtualNanos"));
            case "NOTHING_ARRIVED" -> new EmulatorReply.NothingArrived(g.i32("rank"), g.i64("virtualNanos"));
            case "ABORT" -> new EmulatorReply.Abort(g.i32("rank"), g.get("reason"));
            case "FORECAST" -> new EmulatorReply.Forecast(g.i32("rank"), g.i64("blockingCalls"),
                    new MessagePattern(g.i32("patternSource"), g.i32("patternTag"), g.i32("context")),
                    new EmulatorReply.Grant.Next(g.i32("source"), g.i32("tag"), g.i32("bytes"), g.i32("context")));
            case "PROGRESS_REQUEST" -> new EmulatorReply.ProgressRequest(g.i32("rank"), g.i64("factsSeen"),
                    g.i64("cpuNanos"));
            default -> null;
        };
    }

    private static List<MessagePattern> patterns(String spec) {
        List<MessagePattern> patterns = new ArrayList<>();
        for (String pair : spec.split(",")) {
            String[] st = pair.split(":");
            patterns.add(new MessagePattern(Integer.parseInt(st[0]), Integer.parseInt(st[1]), Integer.parseInt(st[2])));
        }
        return patterns;
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
