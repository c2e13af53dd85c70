package mse.emulator.wire;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;

/**
 * The wire format between rank JVMs and the emulator. A frame is a 4-byte big-endian payload length followed
 * by the payload. A message is one type byte followed by fixed-width big-endian fields; strings are a 4-byte
 * byte count plus UTF-8. A reply or a Hello payload is one message; a fact payload is one or more facts back
 * to back, since a rank sends everything it has to say up to a blocking call in one frame.
 *
 * <p>Why not Java serialization or JSON: a fact is 10 to 30 bytes here, the rank side needs no library at
 * all (it runs in a small heap and must start fast), and a hostile or broken peer can only ever produce a
 * {@link MalformedFrameException}, never an object graph or an index error.
 *
 * <p>Plain Java, no Pekko: the rank side ({@link EmulatorLink}) and the gateway both use it.
 */
public final class FrameCodec {

    /**
     * The protocol's version, the first field of Hello: a rank built from another version of this protocol (an
     * interposition library from another checkout) is refused with both numbers named instead of misread. Version 1
     * had no such field; version 3 added PATTERNS, version 4 COLLECTIVE, version 5 CALL_ENTER and CALL_LEAVE; version 6
     * the communication context of every message, pattern and grant (communicators), and COLLECTIVE's communicator by
     * its id, first member and size; version 7 OFF_CPU; version 8 COMM_MEMBER; version 9 ERROR; version 10 BLOCKS;
     * version 11 REQUEST_STARTED and REQUEST_COMPLETED.
     * docs/wire-protocol.md writes the protocol down.
     */
    public static final int PROTOCOL_VERSION = 11;

    /** Largest payload accepted or produced, in bytes, not counting the 4-byte length prefix. */
    public static final int MAX_FRAME_BYTES = 64 * 1024;
    /** Size of the big-endian length prefix in front of every payload. */
    public static final int LENGTH_FIELD_BYTES = 4;
    /** The most patterns one PROBE_ANY carries (18 bytes, then 12 a pattern); a longer one sends PATTERNS ahead. */
    public static final int PROBE_ANY_MAX_PATTERNS = (MAX_FRAME_BYTES - 18) / 12;
    /** The most patterns one PATTERNS fact carries (9 bytes, then 12 a pattern). */
    public static final int PATTERNS_MAX_PATTERNS = (MAX_FRAME_BYTES - 9) / 12;
    /** Strings longer than this (in chars) are cut when encoded, so a Failed reason always fits a frame. */
    public static final int MAX_STRING_CHARS = 16 * 1024;

    // Type bytes. Hello and facts travel rank -> emulator, replies emulator -> rank; the ranges keep a frame
    // of the wrong direction recognisable in the error message.
    static final byte HELLO = 0x01;
    static final byte COMPUTED = 0x10;
    static final byte PROGRESS = 0x11;
    static final byte SENT = 0x12;
    static final byte RECEIVE = 0x13;
    static final byte CLOCK_QUERY = 0x14;
    static final byte FINISHED = 0x15;
    static final byte FAILED = 0x16;
    static final byte PROBE = 0x17;
    static final byte TASK_DONE = 0x18;
    static final byte PROBE_ANY = 0x19;
    static final byte PATTERNS = 0x1a;
    static final byte COLLECTIVE = 0x1b;
    static final byte CALL_ENTER = 0x1c;
    static final byte CALL_LEAVE = 0x1d;
    static final byte OFF_CPU = 0x1e;
    static final byte COMM_MEMBER = 0x1f;
    /** Facts go on from 0x30, past the replies' range. */
    static final byte ERROR = 0x30;
    static final byte BLOCKS = 0x31;
    static final byte REQUEST_STARTED = 0x32;
    static final byte REQUEST_COMPLETED = 0x33;
    static final byte GRANT = 0x20;
    static final byte CLOCK = 0x21;
    static final byte ABORT = 0x22;
    static final byte PROGRESS_REQUEST = 0x23;
    static final byte NOTHING_ARRIVED = 0x24;
    static final byte GRANT_AHEAD = 0x25;
    static final byte FORECAST = 0x26;

    private FrameCodec() {}

    public static byte[] encodeHello(Hello hello) {
        byte[] token = utf8(hello.token());
        return PayloadWriter.of(HELLO, 4 + 4 + token.length + 9).i32(PROTOCOL_VERSION).string(token).i32(hello.rank()).i32(hello.np())
                .bool(hello.channel() == Hello.Channel.LOWER_BOUNDS).bytes();
    }

    public static byte[] encodeFact(RankFact fact) {
        if (fact instanceof RankFact.Computed f) {
            return PayloadWriter.of(COMPUTED, 12).i32(f.rank()).i64(f.cpuNanos()).bytes();
        } else if (fact instanceof RankFact.Progress f) {
            return PayloadWriter.of(PROGRESS, 20).i32(f.rank()).i64(f.factsBefore()).i64(f.cpuNanos()).bytes();
        } else if (fact instanceof RankFact.Sent f) {
            return PayloadWriter.of(SENT, 28).i32(f.rank()).i64(f.cpuNanos()).i32(f.dst()).i32(f.tag())
                    .i32(f.bytes()).i32(f.context()).bytes();
        } else if (fact instanceof RankFact.Receive f) {
            return PayloadWriter.of(RECEIVE, 25).i32(f.rank()).i64(f.cpuNanos()).i32(f.source()).i32(f.tag())
                    .bool(f.needsAnswer()).i32(f.context()).bytes();
        } else if (fact instanceof RankFact.ClockQuery f) {
            return PayloadWriter.of(CLOCK_QUERY, 12).i32(f.rank()).i64(f.cpuNanos()).bytes();
        } else if (fact instanceof RankFact.Finished f) {
            return PayloadWriter.of(FINISHED, 12).i32(f.rank()).i64(f.cpuNanos()).bytes();
        } else if (fact instanceof RankFact.Probe f) {
            return PayloadWriter.of(PROBE, 24).i32(f.rank()).i64(f.cpuNanos()).i32(f.source()).i32(f.tag())
                    .i32(f.context()).bytes();
        } else if (fact instanceof RankFact.ProbeAny f) {
            PayloadWriter w = PayloadWriter.of(PROBE_ANY, 17 + 12 * f.patterns().size()).i32(f.rank()).i64(f.cpuNanos())
                    .bool(f.asOfNow()).i32(f.patterns().size());
            f.patterns().forEach(p -> w.i32(p.source()).i32(p.tag()).i32(p.context()));
            return w.bytes();
        } else if (fact instanceof RankFact.TaskDone f) {
            return PayloadWriter.of(TASK_DONE, 24).i32(f.rank()).i64(f.cpuNanos()).i32(f.taskId())
                    .i64(f.measuredCpuNanos()).bytes();
        } else if (fact instanceof RankFact.Failed f) {
            byte[] reason = utf8(f.reason());
            return PayloadWriter.of(FAILED, 8 + reason.length).i32(f.rank()).string(reason).bytes();
        } else if (fact instanceof RankFact.Collective f) {
            byte[] call = utf8(f.call());
            return PayloadWriter.of(COLLECTIVE, 36 + call.length).i32(f.rank()).string(call).i32(f.comm()).i32(f.leader())
                    .i32(f.members()).i32(f.root()).i64(f.dataBytes()).i32(f.op()).bytes();
        } else if (fact instanceof RankFact.CallEnter f) {
            byte[] call = utf8(f.call());
            return PayloadWriter.of(CALL_ENTER, 16 + call.length).i32(f.rank()).i64(f.cpuNanos()).string(call).bytes();
        } else if (fact instanceof RankFact.CallLeave f) {
            return PayloadWriter.of(CALL_LEAVE, 12).i32(f.rank()).i64(f.cpuNanos()).bytes();
        } else if (fact instanceof RankFact.OffCpu f) {
            return PayloadWriter.of(OFF_CPU, 20).i32(f.rank()).i64(f.offCpuNanos()).i64(f.outsideNanos()).bytes();
        } else if (fact instanceof RankFact.CommMember f) {
            return PayloadWriter.of(COMM_MEMBER, 24).i32(f.rank()).i32(f.comm()).i32(f.leader()).i32(f.members()).i32(f.index())
                    .i32(f.parent()).bytes();
        } else if (fact instanceof RankFact.MpiError f) {
            byte[] call = utf8(f.call());
            byte[] error = utf8(f.error());
            byte[] handler = utf8(f.handler());
            return PayloadWriter.of(ERROR, 16 + call.length + error.length + handler.length).i32(f.rank()).string(call)
                    .string(error).string(handler).bytes();
        } else if (fact instanceof RankFact.Blocks f) {
            PayloadWriter w = PayloadWriter.of(BLOCKS, 16 + 16 * f.sends().size()).i32(f.rank()).i32(f.index()).i32(f.first())
                    .i32(f.sends().size());
            for (int i = 0; i < f.sends().size(); i++) {
                w.i64(f.sends().get(i)).i64(f.receives().get(i));
            }
            return w.bytes();
        } else if (fact instanceof RankFact.RequestStarted f) {
            return PayloadWriter.of(REQUEST_STARTED, 20).i32(f.rank()).i32(f.request()).i32(f.context()).i32(f.firstTag()).i32(f.tags())
                    .bytes();
        } else if (fact instanceof RankFact.RequestCompleted f) {
            return PayloadWriter.of(REQUEST_COMPLETED, 24).i32(f.rank()).i32(f.request()).i32(f.source()).i32(f.tag()).i32(f.context())
                    .i32(f.bytes()).bytes();
        }
        throw new IllegalArgumentException("no wire encoding for fact " + fact);
    }

    /**
     * The fact as the messages a rank sends, each of which fits a frame: the fact itself, or, for a ProbeAny with
     * more patterns than a frame holds (a wait or test over thousands of distinct receives), PATTERNS messages with
     * its first patterns and then the PROBE_ANY with the rest. Sent in this order with nothing between them, they
     * decode ({@link FactDecoder}) to the one ProbeAny.
     */
    public static List<byte[]> encodeFactParts(RankFact fact) {
        if (!(fact instanceof RankFact.ProbeAny probe) || probe.patterns().size() <= PROBE_ANY_MAX_PATTERNS) {
            return List.of(encodeFact(fact));
        }
        List<MessagePattern> patterns = probe.patterns();
        List<byte[]> parts = new ArrayList<>();
        int from = 0;
        while (patterns.size() - from > PROBE_ANY_MAX_PATTERNS) {
            int to = Math.min(from + PATTERNS_MAX_PATTERNS, patterns.size() - 1);
            parts.add(encodePatterns(probe.rank(), patterns.subList(from, to)));
            from = to;
        }
        parts.add(encodeFact(new RankFact.ProbeAny(probe.rank(), probe.cpuNanos(), patterns.subList(from,
                patterns.size()), probe.asOfNow())));
        return parts;
    }

    /** PATTERNS: patterns of the rank's next PROBE_ANY, sent ahead because they fit no frame with it. */
    public static byte[] encodePatterns(int rank, List<MessagePattern> patterns) {
        PayloadWriter w = PayloadWriter.of(PATTERNS, 8 + 12 * patterns.size()).i32(rank).i32(patterns.size());
        patterns.forEach(p -> w.i32(p.source()).i32(p.tag()).i32(p.context()));
        return w.bytes();
    }

    public static byte[] encodeReply(EmulatorReply reply) {
        if (reply instanceof EmulatorReply.Grant r) {
            if (r.next() != null) { // the next receive is of the same pattern: on the same context
                sameContext(r.context(), r.next());
                return PayloadWriter.of(GRANT_AHEAD, 40).i32(r.rank()).i32(r.source()).i32(r.tag()).i32(r.bytes())
                        .i64(r.virtualNanos()).i32(r.next().source()).i32(r.next().tag()).i32(r.next().bytes())
                        .i32(r.context()).bytes();
            }
            return PayloadWriter.of(GRANT, 28).i32(r.rank()).i32(r.source()).i32(r.tag()).i32(r.bytes())
                    .i64(r.virtualNanos()).i32(r.context()).bytes();
        } else if (reply instanceof EmulatorReply.NothingArrived r) {
            return PayloadWriter.of(NOTHING_ARRIVED, 12).i32(r.rank()).i64(r.virtualNanos()).bytes();
        } else if (reply instanceof EmulatorReply.Clock r) {
            return PayloadWriter.of(CLOCK, 12).i32(r.rank()).i64(r.virtualNanos()).bytes();
        } else if (reply instanceof EmulatorReply.Abort r) {
            byte[] reason = utf8(r.reason());
            return PayloadWriter.of(ABORT, 8 + reason.length).i32(r.rank()).string(reason).bytes();
        } else if (reply instanceof EmulatorReply.Forecast r) {
            sameContext(r.pattern().context(), r.next());
            return PayloadWriter.of(FORECAST, 36).i32(r.rank()).i64(r.blockingCalls()).i32(r.pattern().source())
                    .i32(r.pattern().tag()).i32(r.next().source()).i32(r.next().tag()).i32(r.next().bytes())
                    .i32(r.pattern().context()).bytes();
        } else if (reply instanceof EmulatorReply.ProgressRequest r) {
            return PayloadWriter.of(PROGRESS_REQUEST, 20).i32(r.rank()).i64(r.factsSeen()).i64(r.cpuNanos()).bytes();
        }
        throw new IllegalArgumentException("no wire encoding for reply " + reply);
    }

    public static Hello decodeHello(ByteBuffer payload) {
        PayloadReader in = PayloadReader.of(payload);
        byte type = in.type();
        if (type != HELLO) {
            throw new MalformedFrameException("expected Hello as the first frame, got type " + hex(type));
        }
        int version = in.i32("version");
        if (version != PROTOCOL_VERSION) {
            throw new MalformedFrameException("the rank speaks wire protocol version " + version + ", this emulator "
                    + PROTOCOL_VERSION + ": rebuild the rank side (./run.sh builds both)");
        }
        String token = in.string("token");
        int rank = in.i32("rank");
        int np = in.i32("np");
        Hello.Channel channel = in.bool("channel") ? Hello.Channel.LOWER_BOUNDS : Hello.Channel.FACTS;
        in.end();
        try {
            return new Hello(token, rank, np, channel);
        } catch (IllegalArgumentException e) {
            throw new MalformedFrameException("bad Hello: " + e.getMessage(), e);
        }
    }

    /** A payload that holds exactly one fact. */
    public static RankFact decodeFact(ByteBuffer payload) {
        PayloadReader in = PayloadReader.of(payload);
        RankFact fact = decodeNextFact(in);
        in.end();
        return fact;
    }

    /**
     * The facts of one frame, in the order the rank reported them: everything a rank says up to a blocking
     * call travels in one frame, the facts' encodings back to back (at least one). A frame that holds PATTERNS
     * must hold their PROBE_ANY too; a rank's connection decodes with a {@link FactDecoder}, across frames.
     */
    public static List<RankFact> decodeFacts(ByteBuffer payload) {
        FactDecoder decoder = new FactDecoder();
        List<RankFact> facts = decoder.decode(payload);
        decoder.end();
        return facts;
    }

    /**
     * Decodes the frames of one rank's connection in order. PATTERNS messages are held until the PROBE_ANY they
     * belong to, which may come frames later (a PROBE_ANY longer than a frame, docs/wire-protocol.md): its patterns
     * are the held ones, then its own. Only PATTERNS may come between. Not thread-safe: one per connection.
     */
    public static final class FactDecoder {

        private List<MessagePattern> held;
        private int heldRank;

        /** The facts of the next frame (none when it held only PATTERNS). */
        public List<RankFact> decode(ByteBuffer payload) {
            PayloadReader in = PayloadReader.of(payload);
            List<RankFact> facts = new ArrayList<>(4);
            do {
                byte type = in.type();
                if (type == PATTERNS) {
                    holdPatterns(in);
                    continue;
                }
                if (held != null && type != PROBE_ANY) {
                    throw new MalformedFrameException("PATTERNS followed by " + hex(type) + ", not by their PROBE_ANY");
                }
                facts.add(type == PROBE_ANY ? decodeProbeAny(in) : decodeNextFact(type, in));
            } while (in.hasRemaining());
            return facts;
        }

        /** The connection ended, or its frame did: PATTERNS still held never got their PROBE_ANY. */
        public void end() {
            if (held != null) {
                throw new MalformedFrameException(held.size() + " patterns of PATTERNS without their PROBE_ANY");
            }
        }

        /** The held patterns are one rank's, as the PROBE_ANY they belong to. */
        private void holdPatterns(PayloadReader in) {
            int rank = in.i32("rank");
            List<MessagePattern> patterns = readPatterns(in, PATTERNS_MAX_PATTERNS);
            if (held == null) {
                held = new ArrayList<>(2 * patterns.size());
                heldRank = rank;
            } else if (rank != heldRank) {
                throw new MalformedFrameException("PATTERNS of rank " + rank + " after those of rank " + heldRank);
            } else if (held.size() > Integer.MAX_VALUE - 2 * PATTERNS_MAX_PATTERNS) {
                throw new MalformedFrameException("PATTERNS beyond " + held.size() + " patterns");
            }
            held.addAll(patterns);
        }

        /** A pattern count outside 1..PROBE_ANY_MAX_PATTERNS is malformed: a frame holds no more. */
        private RankFact decodeProbeAny(PayloadReader in) {
            int rank = in.i32("rank");
            long cpuNanos = in.i64("cpuNanos");
            boolean asOfNow = in.bool("asOfNow");
            List<MessagePattern> patterns = readPatterns(in, PROBE_ANY_MAX_PATTERNS);
            if (held != null) {
                if (rank != heldRank) {
                    throw new MalformedFrameException("PROBE_ANY of rank " + rank + " after PATTERNS of rank " + heldRank);
                }
                held.addAll(patterns);
                patterns = held;
                held = null;
            }
            return new RankFact.ProbeAny(rank, cpuNanos, patterns, asOfNow);
        }
    }

    private static List<MessagePattern> readPatterns(PayloadReader in, int most) {
        int count = in.i32("patterns");
        if (count < 1 || count > most) {
            throw new MalformedFrameException(count + " patterns where 1.." + most + " fit");
        }
        List<MessagePattern> patterns = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            patterns.add(new MessagePattern(in.i32("source"), in.i32("tag"), in.i32("context")));
        }
        return patterns;
    }

    private static RankFact decodeNextFact(PayloadReader in) {
        byte type = in.type();
        if (type == PROBE_ANY) {
            return new FactDecoder().decodeProbeAny(in);
        }
        if (type == PATTERNS) {
            throw new MalformedFrameException("PATTERNS alone: a PROBE_ANY must follow them in the same payload");
        }
        return decodeNextFact(type, in);
    }

    private static RankFact decodeNextFact(byte type, PayloadReader in) {
        return switch (type) {
            case COMPUTED -> new RankFact.Computed(in.i32("rank"), in.i64("cpuNanos"));
            case PROGRESS -> new RankFact.Progress(in.i32("rank"), in.i64("factsBefore"), in.i64("cpuNanos"));
            case PROBE -> new RankFact.Probe(in.i32("rank"), in.i64("cpuNanos"), in.i32("source"), in.i32("tag"),
                    in.i32("context"));
            case TASK_DONE -> new RankFact.TaskDone(in.i32("rank"), in.i64("cpuNanos"), in.i32("taskId"),
                    in.i64("measuredCpuNanos"));
            case SENT -> new RankFact.Sent(in.i32("rank"), in.i64("cpuNanos"), in.i32("dst"), in.i32("tag"),
                    in.i32("bytes"), in.i32("context"));
            case RECEIVE -> new RankFact.Receive(in.i32("rank"), in.i64("cpuNanos"), in.i32("source"),
                    in.i32("tag"), in.bool("needsAnswer"), in.i32("context"));
            case CLOCK_QUERY -> new RankFact.ClockQuery(in.i32("rank"), in.i64("cpuNanos"));
            case FINISHED -> new RankFact.Finished(in.i32("rank"), in.i64("cpuNanos"));
            case FAILED -> new RankFact.Failed(in.i32("rank"), in.string("reason"));
            case COLLECTIVE -> new RankFact.Collective(in.i32("rank"), in.string("call"), in.i32("comm"), in.i32("leader"),
                    in.i32("members"), in.i32("root"),
                    in.i64("dataBytes"), in.i32("op"));
            case CALL_ENTER -> new RankFact.CallEnter(in.i32("rank"), in.i64("cpuNanos"), in.string("call"));
            case CALL_LEAVE -> new RankFact.CallLeave(in.i32("rank"), in.i64("cpuNanos"));
            case OFF_CPU -> new RankFact.OffCpu(in.i32("rank"), in.i64("offCpuNanos"), in.i64("outsideNanos"));
            case COMM_MEMBER -> new RankFact.CommMember(in.i32("rank"), in.i32("comm"), in.i32("leader"), in.i32("members"), in.i32("index"),
                    in.i32("parent"));
            case ERROR -> new RankFact.MpiError(in.i32("rank"), in.string("call"), in.string("error"), in.string("handler"));
            case BLOCKS -> blocks(in);
            case REQUEST_STARTED -> new RankFact.RequestStarted(in.i32("rank"), in.i32("request"), in.i32("context"), in.i32("firstTag"),
                    in.i32("tags"));
            case REQUEST_COMPLETED -> new RankFact.RequestCompleted(in.i32("rank"), in.i32("request"), in.i32("source"), in.i32("tag"),
                    in.i32("context"), in.i32("bytes"));
            default -> throw new MalformedFrameException("expected a rank fact, got type " + hex(type));
        };
    }

    private static RankFact.Blocks blocks(PayloadReader in) {
        int rank = in.i32("rank");
        int index = in.i32("index");
        int first = in.i32("first");
        int count = in.i32("count");
        if (count < 0 || count > (MAX_FRAME_BYTES - 17) / 16) {
            throw new MalformedFrameException("BLOCKS of " + count + " members");
        }
        List<Long> sends = new ArrayList<>(count);
        List<Long> receives = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            sends.add(in.i64("sends"));
            receives.add(in.i64("receives"));
        }
        return new RankFact.Blocks(rank, index, first, sends, receives);
    }

    public static EmulatorReply decodeReply(ByteBuffer payload) {
        PayloadReader in = PayloadReader.of(payload);
        byte type = in.type();
        EmulatorReply reply = switch (type) {
            case GRANT -> new EmulatorReply.Grant(in.i32("rank"), in.i32("source"), in.i32("tag"),
                    in.i32("bytes"), in.i64("virtualNanos"), null, in.i32("context"));
            case GRANT_AHEAD -> grantAhead(in);
            case CLOCK -> new EmulatorReply.Clock(in.i32("rank"), in.i64("virtualNanos"));
            case NOTHING_ARRIVED -> new EmulatorReply.NothingArrived(in.i32("rank"), in.i64("virtualNanos"));
            case ABORT -> new EmulatorReply.Abort(in.i32("rank"), in.string("reason"));
            case FORECAST -> forecast(in);
            case PROGRESS_REQUEST -> new EmulatorReply.ProgressRequest(in.i32("rank"), in.i64("factsSeen"),
                    in.i64("cpuNanos"));
            default -> throw new MalformedFrameException("expected an emulator reply, got type " + hex(type));
        };
        in.end();
        return reply;
    }

    /** GRANT_AHEAD: the next receive is of the same pattern, so its context, the frame's last field, is the grant's. */
    private static EmulatorReply.Grant grantAhead(PayloadReader in) {
        int rank = in.i32("rank"), source = in.i32("source"), tag = in.i32("tag"), bytes = in.i32("bytes");
        long virtualNanos = in.i64("virtualNanos");
        int nextSource = in.i32("next source"), nextTag = in.i32("next tag"), nextBytes = in.i32("next bytes");
        int context = in.i32("context");
        return new EmulatorReply.Grant(rank, source, tag, bytes, virtualNanos,
                new EmulatorReply.Grant.Next(nextSource, nextTag, nextBytes, context), context);
    }

    /** FORECAST: the message told of matches the pattern, so both are on the frame's last field, the context. */
    private static EmulatorReply.Forecast forecast(PayloadReader in) {
        int rank = in.i32("rank");
        long blockingCalls = in.i64("blockingCalls");
        int patternSource = in.i32("pattern source"), patternTag = in.i32("pattern tag");
        int source = in.i32("source"), tag = in.i32("tag"), bytes = in.i32("bytes");
        int context = in.i32("context");
        return new EmulatorReply.Forecast(rank, blockingCalls, new MessagePattern(patternSource, patternTag, context),
                new EmulatorReply.Grant.Next(source, tag, bytes, context));
    }

    private static void sameContext(int context, EmulatorReply.Grant.Next next) {
        if (next.context() != context) {
            throw new IllegalArgumentException("a next match on context " + next.context() + " told with context "
                    + context + ": the wire carries one");
        }
    }

    public static Hello decodeHello(byte[] payload) {
        return decodeHello(ByteBuffer.wrap(payload));
    }

    public static RankFact decodeFact(byte[] payload) {
        return decodeFact(ByteBuffer.wrap(payload));
    }

    public static EmulatorReply decodeReply(byte[] payload) {
        return decodeReply(ByteBuffer.wrap(payload));
    }

    /** Writes one length-prefixed frame; the caller flushes (so a burst of facts can share one packet). */
    public static void writeFrame(DataOutputStream out, byte[] payload) throws IOException {
        if (payload.length > MAX_FRAME_BYTES) {
            throw new MalformedFrameException("frame of " + payload.length + " bytes exceeds " + MAX_FRAME_BYTES);
        }
        out.writeInt(payload.length);
        out.write(payload);
    }

    /**
     * The payload of the whole frame at the buffer's position (moving past it), or null while the frame is still
     * incomplete; a length field outside 1..MAX_FRAME_BYTES throws.
     */
    public static ByteBuffer takeFrame(ByteBuffer in) {
        if (in.remaining() < LENGTH_FIELD_BYTES) {
            return null;
        }
        int length = checkedLength(in.getInt(in.position()));
        if (in.remaining() < LENGTH_FIELD_BYTES + length) {
            return null;
        }
        ByteBuffer payload = in.slice(in.position() + LENGTH_FIELD_BYTES, length);
        in.position(in.position() + LENGTH_FIELD_BYTES + length);
        return payload;
    }

    private static int checkedLength(int length) {
        if (length < 1 || length > MAX_FRAME_BYTES) {
            throw new MalformedFrameException("frame length " + length + " outside 1.." + MAX_FRAME_BYTES);
        }
        return length;
    }

    /**
     * Reads one length-prefixed frame and returns its payload. Throws EOFException when the stream ends
     * (cleanly between frames or in the middle of one) and MalformedFrameException for a bad length.
     */
    public static byte[] readFrame(DataInputStream in) throws IOException {
        int length = checkedLength(in.readInt());
        byte[] payload = new byte[length];
        in.readFully(payload);
        return payload;
    }

    /** UTF-8 bytes of s, cut to MAX_STRING_CHARS without splitting a surrogate pair. */
    static byte[] utf8(String s) {
        String text = s == null ? "" : s;
        if (text.length() > MAX_STRING_CHARS) {
            int cut = MAX_STRING_CHARS;
            if (Character.isHighSurrogate(text.charAt(cut - 1))) {
                cut--;
            }
            text = text.substring(0, cut);
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String hex(byte type) {
        return String.format("0x%02x", type & 0xff);
    }
}
