package mse.emulator.timeline;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankFact;

/**
 * The run's events as the plain text stream that mse-otf2 turns into an OTF2 archive ({@link Otf2Writer}; the format
 * is documented in docs/otf2.md): a header line, then one record a line, fields separated by single spaces, times in
 * virtual nanoseconds. Spans and messages come in the order the timeline keeps them (the writer sorts each rank's);
 * hosts, ranks and the run's end come last, once they are known. Not thread-safe, like the timeline writer.
 */
final class EventStream implements AutoCloseable {

    static final String HEADER = "mse-trace-events 3";

    private static final byte[] SPAN = JsonBytes.asciiBytes("span ");
    private static final byte[] MESSAGE = JsonBytes.asciiBytes("message ");
    private static final byte[] SPACE = JsonBytes.asciiBytes(" ");
    private static final byte[] NEWLINE = JsonBytes.asciiBytes("\n");
    private static final byte[][] KINDS = new byte[Charge.Kind.values().length][];

    static {
        for (Charge.Kind kind : Charge.Kind.values()) {
            KINDS[kind.ordinal()] = JsonBytes.asciiBytes(" " + kind.label() + " ");
        }
    }

    /** Numbers and fixed tokens are written byte by byte, as timeline.json's are. */
    private final JsonBytes out;

    EventStream(OutputStream out) throws IOException {
        this.out = new JsonBytes(out);
        this.out.ascii(HEADER).raw(NEWLINE);
    }

    /** span RANK KIND START END TASK PEER TAG BYTES (-1 where the charge has none). */
    void span(Charge c) throws IOException {
        out.raw(SPAN).number(c.rank()).raw(KINDS[c.kind().ordinal()]).number(c.startNanos()).raw(SPACE).number(c.endNanos())
                .raw(SPACE).number(c.task()).raw(SPACE).number(c.peer()).raw(SPACE).number(c.tag()).raw(SPACE).number(c.bytes())
                .raw(NEWLINE);
    }

    /** message SEQUENCE SOURCE DESTINATION TAG BYTES SEND RECEIVE_START RECEIVE_END CONTEXT. */
    void message(MessageRecord m) throws IOException {
        out.raw(MESSAGE).number(m.sequence()).raw(SPACE).number(m.source()).raw(SPACE).number(m.destination()).raw(SPACE).number(m.tag())
                .raw(SPACE).number(m.bytes()).raw(SPACE).number(m.sendNanos()).raw(SPACE).number(m.receiveStartNanos()).raw(SPACE)
                .number(m.receiveEndNanos()).raw(SPACE).number(m.context()).raw(NEWLINE);
    }

    /**
     * call RANK START END ROOT COMM NAME: an MPI call the rank was in (ROOT and COMM: a collective's root and communicator
     * id, -1 where none), after a line for each request it started (request RANK ID CONTEXT FIRST_TAG TAGS) and each it
     * completed (complete RANK ID SOURCE TAG CONTEXT BYTES), which belong to the call line that follows them.
     */
    void call(CallRecord c) throws IOException {
        for (RankFact.RequestStarted r : c.started()) {
            out.ascii("request ").number(r.rank()).raw(SPACE).number(r.request()).raw(SPACE).number(r.context()).raw(SPACE)
                    .number(r.firstTag()).raw(SPACE).number(r.tags()).raw(NEWLINE);
        }
        for (RankFact.RequestCompleted r : c.completed()) {
            out.ascii("complete ").number(r.rank()).raw(SPACE).number(r.request()).raw(SPACE).number(r.source()).raw(SPACE)
                    .number(r.tag()).raw(SPACE).number(r.context()).raw(SPACE).number(r.bytes()).raw(NEWLINE);
        }
        out.ascii("call ").number(c.rank()).raw(SPACE).number(c.enterNanos()).raw(SPACE).number(c.leaveNanos()).raw(SPACE)
                .number(c.root()).raw(SPACE).number(c.comm()).raw(SPACE).raw(text(c.call())).raw(NEWLINE);
    }

    /**
     * comm RANK ID LEADER SIZE INDEX PARENT CALL: the rank is member INDEX of the communicator ID of SIZE members whose
     * first is LEADER, made from the communicator PARENT by CALL.
     */
    void communicator(RankFact.CommMember m, String call) throws IOException {
        out.ascii("comm ").number(m.rank()).raw(SPACE).number(m.comm()).raw(SPACE).number(m.leader()).raw(SPACE).number(m.members())
                .raw(SPACE).number(m.index()).raw(SPACE).number(m.parent()).raw(SPACE).raw(text(call)).raw(NEWLINE);
    }

    /** critical RANK START END: a stretch of the run's critical path on the rank (mse.emulator.analysis). */
    void critical(int rank, long startNanos, long endNanos) throws IOException {
        out.ascii("critical ").number(rank).raw(SPACE).number(startNanos).raw(SPACE).number(endNanos).raw(NEWLINE);
    }

    /** host ID NAME: hosts are numbered from 0 in the order they are given. */
    void host(int id, String name) throws IOException {
        out.ascii("host ").number(id).raw(SPACE).raw(text(name)).raw(NEWLINE);
    }

    /** rank RANK HOST NAME. */
    void rank(int rank, int host, String name) throws IOException {
        out.ascii("rank ").number(rank).raw(SPACE).number(host).raw(SPACE).raw(text(name)).raw(NEWLINE);
    }

    /** end NANOS: the run's predicted end, where every rank's program region ends. */
    void end(long nanos) throws IOException {
        out.ascii("end ").number(nanos).raw(NEWLINE);
    }

    void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** A name on one line, never empty: a control character (a newline would end the record) becomes a space. */
    private static byte[] text(String name) {
        String line = name.isEmpty() ? "?" : name.replaceAll("\\p{Cntrl}", " ");
        return line.getBytes(StandardCharsets.UTF_8);
    }
}
