package mse.emulator.wire;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;

/**
 * One rank's connection to the emulator, used inside the rank JVM. Plain sockets and two threads (the
 * caller and a daemon reader), because a rank runs in a heap of 128 MB or less next to up to 63 others on a
 * small host and must start in milliseconds; an actor system per rank would cost both.
 *
 * <p>Facts go out with {@link #report} (fire and forget, flushed at once so the grant rule sees them) or
 * {@link #ask} (the facts that wait for an answer: a Receive with needsAnswer, a ClockQuery). The reader
 * thread routes answers to the waiting ask, answers ProgressRequest on its own, and turns Abort or a lost
 * connection into an {@link EmulationAbortedException} for every pending and later call.
 */
public final class EmulatorLink implements AutoCloseable {

    /** What the reader thread hands to a waiting ask when the run is over. */
    private record Ended(EmulationAbortedException cause) {}

    private final Socket socket;
    private final String peer;
    private final int rank;
    private final DataOutputStream out;
    private final DataInputStream in;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ReentrantLock askLock = new ReentrantLock();
    private final LinkedBlockingQueue<Object> answers = new LinkedBlockingQueue<>();
    private volatile EmulationAbortedException ended;
    private volatile boolean closing;
    /** Set, under the write lock, once Finished or Failed is written: the rank's last word, nothing follows. */
    private boolean lastWordWritten;
    private volatile Supplier<RankFact.Progress> progress = this::staleProgress;

    private EmulatorLink(Socket socket, String peer, int rank) throws IOException {
        this.socket = socket;
        this.peer = peer;
        this.rank = rank;
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 8 * 1024));
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 8 * 1024));
    }

    /** Connects (a few quick retries, about 5 s in all), sends Hello and starts the reader thread. */
    public static EmulatorLink connect(String host, int port, Hello hello) throws IOException {
        String peer = host + ":" + port;
        Socket socket = LinkConnector.open(new InetSocketAddress(host, port), peer);
        EmulatorLink link;
        try {
            link = new EmulatorLink(socket, peer, hello.rank());
            link.write(FrameCodec.encodeHello(hello));
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw new IOException("cannot greet the emulator at " + peer + ": " + e.getMessage(), e);
        }
        Thread reader = new Thread(link::readReplies, "mse-emulator-link-rank-" + hello.rank());
        reader.setDaemon(true);
        reader.start();
        return link;
    }

    /**
     * The demand-driven heartbeat: when the emulator sends ProgressRequest, the reader thread answers with
     * the Progress the supplier measures (CPU of the computing thread since its last fact, and how many
     * facts it had reported then). Without one the link answers a stale Progress, which the kernel ignores:
     * true as a lower bound, only less useful.
     */
    public void onProgressRequest(Supplier<RankFact.Progress> progress) {
        this.progress = progress;
    }

    /** Sends a fact that needs no answer. Safe from any thread; each fact is one frame, flushed at once. */
    public void report(RankFact fact) {
        failIfEnded();
        write(fact);
    }

    /**
     * Sends a fact that waits for its answer and blocks until it comes: Receive(needsAnswer) gets a Grant,
     * ClockQuery gets a Clock. One ask at a time per link (a rank has one thread of control).
     */
    public EmulatorReply ask(RankFact fact) {
        Class<? extends EmulatorReply> expected = expectedAnswer(fact);
        askLock.lock();
        try {
            failIfEnded();
            write(fact);
            Object answer = answers.take();
            if (answer instanceof Ended e) {
                answers.add(e); // leave it for the next caller
                throw new EmulationAbortedException(e.cause().reason(), e.cause());
            }
            if (!expected.isInstance(answer)) {
                throw new IllegalStateException("emulator answered " + fact + " with " + answer);
            }
            return (EmulatorReply) answer;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmulationAbortedException("interrupted while waiting for the emulator at " + peer, e);
        } finally {
            askLock.unlock();
        }
    }

    /** The reason the run ended for this rank, or null while it goes on. */
    public String abortReason() {
        EmulationAbortedException e = ended;
        return e == null ? null : e.reason();
    }

    /** Closes the sending side first, so the gateway sees a clean end of stream rather than a reset. */
    @Override
    public void close() {
        closing = true;
        try {
            writeLock.lock();
            try {
                out.flush();
                socket.shutdownOutput();
            } finally {
                writeLock.unlock();
            }
        } catch (IOException ignored) {
            // Already gone; closing is all that is left to do.
        }
        closeQuietly();
        end(new EmulationAbortedException("link to the emulator at " + peer + " was closed"));
    }

    private void closeQuietly() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Nothing useful to do with a failed close.
        }
    }

    private static Class<? extends EmulatorReply> expectedAnswer(RankFact fact) {
        if (fact instanceof RankFact.Receive r && r.needsAnswer() || fact instanceof RankFact.Probe) {
            return EmulatorReply.Grant.class;
        } else if (fact instanceof RankFact.ClockQuery) {
            return EmulatorReply.Clock.class;
        }
        throw new IllegalArgumentException(fact + " gets no answer: report it instead");
    }

    private void write(RankFact fact) {
        boolean lastWord = fact instanceof RankFact.Finished || fact instanceof RankFact.Failed;
        writeLock.lock();
        try {
            write(FrameCodec.encodeFact(fact));
            lastWordWritten |= lastWord;
        } catch (IOException e) {
            EmulationAbortedException lost = lost(e);
            end(lost);
            throw lost;
        } finally {
            writeLock.unlock();
        }
    }

    private void write(byte[] payload) throws IOException {
        writeLock.lock();
        try {
            FrameCodec.writeFrame(out, payload);
            out.flush();
        } finally {
            writeLock.unlock();
        }
    }

    /** The reader thread: routes answers, serves heartbeats, and ends the link on Abort or loss. */
    private void readReplies() {
        try {
            while (true) {
                EmulatorReply reply = FrameCodec.decodeReply(FrameCodec.readFrame(in));
                if (reply instanceof EmulatorReply.Abort abort) {
                    end(new EmulationAbortedException(abort.reason()));
                    closeQuietly(); // the run is over for this rank: free the socket now
                    return;
                } else if (reply instanceof EmulatorReply.ProgressRequest) {
                    answerProgressRequest();
                } else {
                    answers.add(reply);
                }
            }
        } catch (EOFException e) {
            end(lost(new IOException("the emulator closed the connection")));
        } catch (IOException | MalformedFrameException e) {
            end(lost(e));
        }
    }

    private void answerProgressRequest() throws IOException {
        RankFact.Progress answer;
        try {
            answer = progress.get();
        } catch (RuntimeException e) {
            answer = staleProgress(); // a failing probe must not kill the link; a stale one is ignored
        }
        writeLock.lock();
        try {
            // The program thread may have finished while this was measured: after its last word, silence.
            if (!lastWordWritten) {
                write(FrameCodec.encodeFact(answer));
            }
        } finally {
            writeLock.unlock();
        }
    }

    private RankFact.Progress staleProgress() {
        return new RankFact.Progress(rank, -1, 0);
    }

    private EmulationAbortedException lost(Exception cause) {
        if (closing) {
            return new EmulationAbortedException("link to the emulator at " + peer + " was closed", cause);
        }
        return new EmulationAbortedException(
                "lost the connection to the emulator at " + peer + ": " + cause.getMessage(), cause);
    }

    /** The first end wins: an Abort's reason is not overwritten by the connection loss that follows it. */
    private synchronized void end(EmulationAbortedException cause) {
        if (ended == null) {
            ended = cause;
            answers.add(new Ended(cause));
        }
    }

    private void failIfEnded() {
        EmulationAbortedException e = ended;
        if (e != null) {
            throw new EmulationAbortedException(e.reason(), e);
        }
    }
}
