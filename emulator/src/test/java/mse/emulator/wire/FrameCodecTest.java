package mse.emulator.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;
import org.junit.jupiter.api.Test;

class FrameCodecTest {

    static final List<RankFact> FACTS = List.of(
            new RankFact.Computed(0, 0L),
            new RankFact.Computed(63, Long.MAX_VALUE),
            new RankFact.Progress(5, 42, 1_234_567_890_123L),
            new RankFact.Probe(6, 77, -1, 3),
            new RankFact.ProbeAny(6, 78, List.of(new MessagePattern(-1, 3)), true),
            new RankFact.ProbeAny(5, 0, List.of(new MessagePattern(2, 1), new MessagePattern(4, RankFact.ANY)), false),
            new RankFact.TaskDone(7, 1_000, 12, 900),
            new RankFact.Sent(1, 42L, 0, 7, 65_536),
            new RankFact.Sent(2, Long.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, 0),
            new RankFact.Receive(0, 17L, RankFact.ANY, RankFact.ANY, true),
            new RankFact.Receive(3, 0L, 1, 9, false),
            new RankFact.ClockQuery(4, 99L),
            new RankFact.Finished(7, 3L),
            new RankFact.Failed(1, "task 12 threw: ArithmeticException / by zero — ünïcødé ✓ 𝄞"),
            new RankFact.Failed(2, ""));

    static final List<EmulatorReply> REPLIES = List.of(
            new EmulatorReply.Grant(0, 3, 11, 4_096, 5_000_000_000L),
            new EmulatorReply.Grant(1, RankFact.ANY, RankFact.ANY, 0, Long.MAX_VALUE),
            new EmulatorReply.Grant(2, 3, 11, 4_096, 5_000_000_000L, new EmulatorReply.Grant.Next(1, 12, 8)),
            new EmulatorReply.Forecast(5, 70_001L, new MessagePattern(RankFact.ANY, 2), new EmulatorReply.Grant.Next(3, 2, 4_096)),
            new EmulatorReply.Clock(2, 123_456_789L),
            new EmulatorReply.NothingArrived(4, 77L),
            new EmulatorReply.Abort(3, "deadlock: rank 0 waits on (ANY, 5), rank 1 waits on (0, 7)"),
            new EmulatorReply.Abort(0, ""),
            new EmulatorReply.ProgressRequest(9, 41, 1_500_000L));

    @Test
    void everyFactRoundTrips() {
        for (RankFact fact : FACTS) {
            assertEquals(fact, FrameCodec.decodeFact(FrameCodec.encodeFact(fact)));
        }
    }

    @Test
    void everyFactOfAFrameRoundTripsInOrder() {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        FACTS.forEach(fact -> payload.writeBytes(FrameCodec.encodeFact(fact)));
        assertEquals(FACTS, FrameCodec.decodeFacts(ByteBuffer.wrap(payload.toByteArray())));
    }

    @Test
    void aFrameThatEndsInsideAFactIsMalformed() {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        payload.writeBytes(FrameCodec.encodeFact(FACTS.get(0)));
        byte[] second = FrameCodec.encodeFact(FACTS.get(5));
        payload.write(second, 0, second.length - 1);
        assertThrows(MalformedFrameException.class, () -> FrameCodec.decodeFacts(ByteBuffer.wrap(payload.toByteArray())));
    }

    @Test
    void everyReplyRoundTrips() {
        for (EmulatorReply reply : REPLIES) {
            assertEquals(reply, FrameCodec.decodeReply(FrameCodec.encodeReply(reply)));
        }
    }

    @Test
    void helloRoundTripsAndHidesItsToken() {
        Hello hello = new Hello("0123456789abcdef0123456789abcdef", 3, 8);
        assertEquals(hello, FrameCodec.decodeHello(FrameCodec.encodeHello(hello)));
        assertTrue(!hello.toString().contains("0123"), "token leaked into toString");
    }

    @Test
    void factsAreCompact() {
        assertEquals(13, FrameCodec.encodeFact(new RankFact.Computed(1, 2)).length);
        assertEquals(26, FrameCodec.encodeFact(new RankFact.Receive(1, 2, 3, 4, true)).length); // with its context
    }

    @Test
    void framesRoundTripThroughStreams() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (RankFact fact : FACTS) {
            FrameCodec.writeFrame(out, FrameCodec.encodeFact(fact));
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        for (RankFact fact : FACTS) {
            assertEquals(fact, FrameCodec.decodeFact(FrameCodec.readFrame(in)));
        }
        assertThrows(EOFException.class, () -> FrameCodec.readFrame(in));
    }

    @Test
    void overlongReasonsAreCutToFitAFrame() {
        String reason = "x".repeat(FrameCodec.MAX_STRING_CHARS - 1) + "𝄞" + "tail";
        RankFact.Failed decoded = (RankFact.Failed) FrameCodec.decodeFact(
                FrameCodec.encodeFact(new RankFact.Failed(0, reason)));
        // The surrogate pair straddles the cut, so it is dropped whole rather than split.
        assertEquals(FrameCodec.MAX_STRING_CHARS - 1, decoded.reason().length());
        String huge = "€".repeat(1_000_000);
        assertTrue(FrameCodec.encodeReply(new EmulatorReply.Abort(0, huge)).length <= FrameCodec.MAX_FRAME_BYTES);
    }

    @Test
    void everyTruncationIsRejectedCleanly() {
        for (RankFact fact : FACTS) {
            byte[] full = FrameCodec.encodeFact(fact);
            for (int cut = 0; cut < full.length; cut++) {
                byte[] part = Arrays.copyOf(full, cut);
                assertThrows(MalformedFrameException.class, () -> FrameCodec.decodeFact(part), fact + " cut " + cut);
            }
        }
        for (EmulatorReply reply : REPLIES) {
            byte[] full = FrameCodec.encodeReply(reply);
            for (int cut = 0; cut < full.length; cut++) {
                byte[] part = Arrays.copyOf(full, cut);
                assertThrows(MalformedFrameException.class, () -> FrameCodec.decodeReply(part));
            }
        }
    }

    @Test
    void malformedPayloadsAreRejectedWithAReason() {
        byte[] computed = FrameCodec.encodeFact(new RankFact.Computed(1, 2));
        assertMessage("trailing", () -> FrameCodec.decodeFact(Arrays.copyOf(computed, computed.length + 1)));
        assertMessage("expected a rank fact", () -> FrameCodec.decodeFact(new byte[] {0x7f, 0, 0}));
        assertMessage("expected a rank fact",
                () -> FrameCodec.decodeFact(FrameCodec.encodeReply(new EmulatorReply.Clock(0, 1))));
        assertMessage("expected an emulator reply", () -> FrameCodec.decodeReply(computed));
        assertMessage("expected Hello", () -> FrameCodec.decodeHello(computed));

        byte[] receive = FrameCodec.encodeFact(new RankFact.Receive(0, 1, 2, 3, true));
        receive[receive.length - 5] = 2; // needsAnswer, before the context
        assertMessage("needsAnswer must be 0 or 1", () -> FrameCodec.decodeFact(receive));

        ByteBuffer badUtf8 = ByteBuffer.allocate(1 + 4 + 4 + 2).put(FrameCodec.FAILED).putInt(0).putInt(2)
                .put((byte) 0xc3).put((byte) 0x28);
        assertMessage("not valid UTF-8", () -> FrameCodec.decodeFact(badUtf8.array()));
        ByteBuffer negative = ByteBuffer.allocate(9).put(FrameCodec.ABORT).putInt(0).putInt(-5);
        assertMessage("negative length", () -> FrameCodec.decodeReply(negative.array()));
        ByteBuffer lying = ByteBuffer.allocate(9).put(FrameCodec.ABORT).putInt(0).putInt(Integer.MAX_VALUE);
        assertMessage("truncated", () -> FrameCodec.decodeReply(lying.array()));

        byte[] badRank = FrameCodec.encodeHello(new Hello("t", 0, 1));
        ByteBuffer.wrap(badRank).putInt(1 + 4 + 4 + 1, 5); // rank 5 of np=1
        assertMessage("bad Hello", () -> FrameCodec.decodeHello(badRank));
        assertMessage("exceeds", () -> FrameCodec.decodeFact(new byte[FrameCodec.MAX_FRAME_BYTES + 1]));
    }

    @Test
    void badFrameLengthsAreRejectedBeforeAnyAllocation() {
        for (int length : new int[] {0, -1, FrameCodec.MAX_FRAME_BYTES + 1, Integer.MAX_VALUE}) {
            byte[] header = ByteBuffer.allocate(4).putInt(length).array();
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(header));
            assertMessage("outside 1..", () -> FrameCodec.readFrame(in));
        }
        DataInputStream cutShort = new DataInputStream(new ByteArrayInputStream(new byte[] {0, 0, 0, 9, 1, 2}));
        assertThrows(EOFException.class, () -> FrameCodec.readFrame(cutShort));
        assertThrows(MalformedFrameException.class, () -> FrameCodec.writeFrame(
                new DataOutputStream(new ByteArrayOutputStream()), new byte[FrameCodec.MAX_FRAME_BYTES + 1]));
    }

    @Test
    void randomBytesOnlyEverFailAsMalformed() {
        Random random = new Random(20240611L);
        for (int i = 0; i < 20_000; i++) {
            byte[] junk = new byte[random.nextInt(40)];
            random.nextBytes(junk);
            if (junk.length > 0) {
                junk[0] = (byte) (0x10 + random.nextInt(0x14)); // mostly valid types, to get past the first check
            }
            decodeOrMalformed(() -> FrameCodec.decodeFact(junk));
            decodeOrMalformed(() -> FrameCodec.decodeReply(junk));
            decodeOrMalformed(() -> FrameCodec.decodeHello(junk));
        }
    }

    private static void decodeOrMalformed(Runnable decode) {
        try {
            decode.run();
        } catch (MalformedFrameException expected) {
            // the only acceptable failure
        }
    }

    private static void assertMessage(String fragment, org.junit.jupiter.api.function.Executable decode) {
        MalformedFrameException e = assertThrows(MalformedFrameException.class, decode);
        assertTrue(e.getMessage().contains(fragment), () -> "'" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    /**
     * A ProbeAny over more distinct patterns than a frame holds (a test over 20,000 receives of distinct tags) is
     * sent as PATTERNS parts, each within a frame, and decodes to the same ProbeAny across frames.
     */
    @Test
    void aProbeAnyLongerThanAFrameTravelsInParts() {
        List<MessagePattern> many = new java.util.ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            many.add(new MessagePattern(i % 3, i));
        }
        RankFact.ProbeAny probe = new RankFact.ProbeAny(4, 99, many, true);
        List<byte[]> parts = FrameCodec.encodeFactParts(probe);
        assertEquals(4, parts.size()); // 12 bytes a pattern (with its context)
        FrameCodec.FactDecoder decoder = new FrameCodec.FactDecoder();
        for (int i = 0; i < parts.size(); i++) {
            assertTrue(parts.get(i).length <= FrameCodec.MAX_FRAME_BYTES, "part " + i + " fits a frame");
            assertEquals(i < parts.size() - 1 ? FrameCodec.PATTERNS : FrameCodec.PROBE_ANY, parts.get(i)[0]);
            List<RankFact> facts = decoder.decode(ByteBuffer.wrap(parts.get(i)));
            assertEquals(i < parts.size() - 1 ? List.of() : List.of(probe), facts);
        }
        decoder.end();
        RankFact.ProbeAny fits = new RankFact.ProbeAny(4, 99, many.subList(0, FrameCodec.PROBE_ANY_MAX_PATTERNS), false);
        assertEquals(1, FrameCodec.encodeFactParts(fits).size(), "5,459 patterns fit one PROBE_ANY");
        assertEquals(FrameCodec.MAX_FRAME_BYTES - 10, FrameCodec.encodeFact(fits).length);
    }

    @Test
    void patternsWithoutTheirProbeAnyAreMalformed() {
        byte[] patterns = FrameCodec.encodePatterns(2, List.of(new MessagePattern(1, 5)));
        assertMessage("without their PROBE_ANY", () -> FrameCodec.decodeFacts(ByteBuffer.wrap(patterns)));
        ByteArrayOutputStream then = new ByteArrayOutputStream();
        then.writeBytes(patterns);
        then.writeBytes(FrameCodec.encodeFact(new RankFact.Computed(2, 1)));
        assertMessage("not by their PROBE_ANY", () -> FrameCodec.decodeFacts(ByteBuffer.wrap(then.toByteArray())));
        ByteArrayOutputStream otherRank = new ByteArrayOutputStream();
        otherRank.writeBytes(patterns);
        otherRank.writeBytes(FrameCodec.encodeFact(new RankFact.ProbeAny(3, 0, List.of(new MessagePattern(1, 6)), true)));
        assertMessage("after PATTERNS of rank 2", () -> FrameCodec.decodeFacts(ByteBuffer.wrap(otherRank.toByteArray())));
        byte[] none = ByteBuffer.allocate(9).put(FrameCodec.PATTERNS).putInt(2).putInt(0).array();
        assertMessage("0 patterns where 1..", () -> new FrameCodec.FactDecoder().decode(ByteBuffer.wrap(none)));
    }

    @Test
    void encodingIsBigEndian() {
        byte[] payload = FrameCodec.encodeFact(new RankFact.Computed(0x01020304, 0x05060708090a0b0cL));
        assertArrayEquals(new byte[] {FrameCodec.COMPUTED, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, payload);
    }
}
