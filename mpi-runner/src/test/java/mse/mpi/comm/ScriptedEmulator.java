package mse.mpi.comm;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.FrameCodec;
import mse.emulator.wire.Hello;

/**
 * The emulator's end of one rank link, played by the test: it reads the rank's facts one at a time and
 * writes whatever replies the script says, so a test decides exactly what the rank's link threads see
 * and when. ProgressRequests go to the rank's lower-bound connection, taken on first need. Reads time out,
 * so a rank that stays silent fails the test instead of hanging it.
 */
final class ScriptedEmulator implements AutoCloseable {

    static final String TOKEN = "scripted";
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private final ServerSocket server;
    private Socket socket;
    private Socket lowerBoundSocket;
    private DataInputStream in;
    private DataOutputStream out;
    private final ArrayDeque<RankFact> pending = new ArrayDeque<>();

    ScriptedEmulator() throws IOException {
        server = new ServerSocket(0, 2, InetAddress.getLoopbackAddress());
    }

    /** Connects a rank's link here and takes its Hello. */
    EmulatorLink connect(int rank, int np) throws IOException {
        EmulatorLink link = EmulatorLink.connect("127.0.0.1", server.getLocalPort(), new Hello(TOKEN, rank, np));
        socket = server.accept();
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        out = new DataOutputStream(socket.getOutputStream());
        FrameCodec.decodeHello(FrameCodec.readFrame(in));
        return link;
    }

    /** The rank's next fact, whichever frame it came in (a rank sends what it said up to a blocking call in one). */
    RankFact next() throws IOException {
        if (pending.isEmpty()) {
            pending.addAll(FrameCodec.decodeFacts(ByteBuffer.wrap(FrameCodec.readFrame(in))));
        }
        return pending.poll();
    }

    <T extends RankFact> T next(Class<T> type) throws IOException {
        RankFact fact = next();
        if (!type.isInstance(fact)) {
            throw new AssertionError("expected a " + type.getSimpleName() + " but the rank sent " + fact);
        }
        return type.cast(fact);
    }

    void reply(EmulatorReply reply) throws IOException {
        DataOutputStream to = reply instanceof EmulatorReply.ProgressRequest ? lowerBounds() : out;
        FrameCodec.writeFrame(to, FrameCodec.encodeReply(reply));
        to.flush();
    }

    /** Whether the rank opened its lower-bound connection (waits a little for it). */
    boolean lowerBoundConnectionOpened() throws IOException {
        if (lowerBoundSocket != null) {
            return true;
        }
        server.setSoTimeout(300);
        try {
            lowerBoundSocket = server.accept();
            return true;
        } catch (java.net.SocketTimeoutException none) {
            return false;
        }
    }

    /** The rank's second connection, opened when its link began to measure CPU; its Hello must say so. */
    private DataOutputStream lowerBounds() throws IOException {
        if (lowerBoundSocket == null) {
            server.setSoTimeout(READ_TIMEOUT_MILLIS);
            lowerBoundSocket = server.accept();
            lowerBoundSocket.setSoTimeout(READ_TIMEOUT_MILLIS);
            Hello hello = FrameCodec.decodeHello(FrameCodec.readFrame(new DataInputStream(lowerBoundSocket.getInputStream())));
            if (hello.channel() != Hello.Channel.LOWER_BOUNDS) {
                throw new AssertionError("the rank's second connection said " + hello);
            }
        }
        return new DataOutputStream(lowerBoundSocket.getOutputStream());
    }

    /** Every fact the rank sends until it closes its side. */
    List<RankFact> untilClosed() throws IOException {
        List<RankFact> facts = new ArrayList<>();
        try {
            while (true) {
                facts.add(next());
            }
        } catch (EOFException closed) {
            return facts;
        }
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        }
        if (lowerBoundSocket != null) {
            lowerBoundSocket.close();
        }
        server.close();
    }
}
