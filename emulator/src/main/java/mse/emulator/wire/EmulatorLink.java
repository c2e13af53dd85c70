package mse.emulator.wire;

import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.MessagePattern;
import mse.emulator.kernel.RankFact;

/**
 * One rank's connection to the emulator, used inside the rank JVM: plain socket channels (TCP, or the
 * emulator's local socket on its own machine, see {@link EmulatorEndpoint}) read by the thread that waits
 * ({@link FrameChannel}), because a rank runs in a heap of
 * 128 MB or less next to up to 63 others on a small host and must start in milliseconds; an actor system per
 * rank would cost both.
 *
 * <p>Facts go out with {@link #report} (fire and forget: it waits for the next ask, flush or close, so that
 * everything a rank says up to a blocking call travels in one frame) or {@link #ask} (the facts that wait for
 * an answer: a Receive with needsAnswer, a Probe or ProbeAny, a ClockQuery). The asking thread reads its answer
 * itself: no reader thread takes it off the socket to wake it, which on two shared cores cost an emulated
 * 1-point MASE run about a tenth of its wall time. An Abort or a lost connection becomes an
 * {@link EmulationAbortedException} for that and every later call.
 *
 * <p>Where measured CPU is charged ({@link #measureCpuWith}), a second connection carries the emulator's
 * ProgressRequests, which a thread of the link hands to the {@link LowerBoundResponder} while the program computes.
 */
public final class EmulatorLink implements AutoCloseable {

    private final EmulatorEndpoint endpoint;
    private final Hello hello;
    private final String peer;
    private final int rank;
    /** The facts connection: facts reported and not yet sent are the frame it builds (writeLock), answers come back. */
    private final FrameChannel frames;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ReentrantLock askLock = new ReentrantLock();
    private volatile EmulationAbortedException ended;
    private volatile boolean closing;
    /** The connection ProgressRequests arrive on, once measureCpuWith opened it. */
    private volatile FrameChannel lowerBoundFrames;
    /** The last Forecast the emulator sent, read while the program thread waited for an answer (askLock). */
    private EmulatorReply.Forecast forecast;
    /** Set, under the write lock, once Finished or Failed is reported: the rank's last word, nothing follows. */
    private boolean lastWordWritten;
    /** Facts other than Progress and Failed reported so far (guarded by writeLock): what the kernel counts. */
    private long factsReported;
    /**
     * Receives, probes, polls and sends to itself reported so far (guarded by writeLock): the keeper counts the
     * same facts and names by this count the receive a Forecast is for.
     */
    private long blockingCalls;
    private final LowerBoundResponder lowerBounds = new LowerBoundResponder(new LowerBoundResponder.Link() {
        @Override
        public long factsReported() {
            return underWriteLock(() -> factsReported);
        }

        @Override
        public void flush() {
            write(null, true);
        }

        @Override
        public void answer(long factsBefore, long cpuNanos) {
            writeLock.lock();
            try {
                // The program thread may have finished meanwhile: after its last word, silence.
                if (factsReported == factsBefore && !lastWordWritten) {
                    write(new RankFact.Progress(rank, factsBefore, cpuNanos), true);
                }
            } finally {
                writeLock.unlock();
            }
        }

        @Override
        public boolean ended() {
            return ended != null;
        }
    });

    private EmulatorLink(FrameChannel frames, EmulatorEndpoint endpoint, Hello hello) {
        this.frames = frames;
        this.endpoint = endpoint;
        this.hello = hello;
        this.peer = endpoint.toString();
        this.rank = hello.rank();
    }

    /** Connects to host:port over TCP: {@link #connect(EmulatorEndpoint, Hello)}. */
    public static EmulatorLink connect(String host, int port, Hello hello) throws IOException {
        return connect(EmulatorEndpoint.tcp(host, port), hello);
    }

    /** Connects (a few quick retries, about 5 s in all) and sends Hello. */
    public static EmulatorLink connect(EmulatorEndpoint endpoint, Hello hello) throws IOException {
        SocketChannel socket = LinkConnector.open(endpoint);
        try {
            return new EmulatorLink(greet(socket, hello), endpoint, hello);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw new IOException("cannot greet the emulator at " + endpoint + ": " + e.getMessage(), e);
        }
    }

    /**
     * How the lower-bound responder measures this rank: the CPU its program thread has used since its last
     * fact, as it will be charged, or -1 while it cannot say (inside a Comm operation). Opens the connection the
     * emulator's ProgressRequests come on; without this the rank never answers one, its next fact answers instead.
     */
    public void measureCpuWith(LongSupplier cpuSinceLastFact) {
        lowerBounds.measureWith(cpuSinceLastFact);
        if (lowerBoundFrames != null) {
            return;
        }
        FrameChannel requests;
        try {
            SocketChannel channel = LinkConnector.open(endpoint);
            requests = greet(channel, new Hello(hello.token(), hello.rank(), hello.np(), Hello.Channel.LOWER_BOUNDS));
            lowerBoundFrames = requests;
        } catch (IOException e) {
            throw new EmulationAbortedException("cannot open the lower-bound connection to the emulator at " + peer
                    + ": " + e.getMessage(), e);
        }
        Thread reader = new Thread(() -> readRequests(requests), "mse-emulator-link-rank-" + rank);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Reports a fact that needs no answer. Safe from any thread. It waits in this link until the next ask,
     * flush or close, so that everything a rank says up to a blocking call travels in one frame: the facts
     * are the grant's preconditions, and nothing waits on them sooner (a send never blocks in MPI here).
     */
    public void report(RankFact fact) {
        failIfEnded();
        write(fact, false);
    }

    /** Sends what was reported so far, in one frame. */
    public void flush() {
        failIfEnded();
        write(null, true);
    }

    /**
     * Sends a fact that waits for its answer and blocks until it comes: Receive(needsAnswer) gets a Grant, or the
     * Forecast for that very receive when the emulator sent one before the ask reached it; ClockQuery gets a Clock.
     * One ask at a time per link (a rank has one thread of control).
     */
    public EmulatorReply ask(RankFact fact) {
        Class<? extends EmulatorReply> expected = expectedAnswer(fact);
        askLock.lock();
        try {
            failIfEnded();
            long call = write(fact, true);
            EmulatorReply answer = readAnswer();
            while (answer instanceof EmulatorReply.Forecast f) {
                forecast = f;
                if (fact instanceof RankFact.Receive r && forecasts(f, call, r.pattern())) {
                    return f; // decided while the rank ran, sent before the ask reached the emulator: no grant follows
                }
                answer = readAnswer();
            }
            if (!expected.isInstance(answer)) {
                throw new IllegalStateException("emulator answered " + fact + " with " + answer);
            }
            return answer;
        } finally {
            askLock.unlock();
        }
    }

    /**
     * What the rank's next blocking call takes if it is a receive of `pattern`, when a Forecast for exactly that call
     * came while the rank waited for another answer: the receive then asks nothing. Null otherwise.
     */
    public EmulatorReply.Grant.Next forecast(MessagePattern pattern) {
        askLock.lock();
        try {
            EmulatorReply.Forecast f = forecast;
            return f != null && forecasts(f, blockingCalls(), pattern) ? f.next() : null;
        } finally {
            askLock.unlock();
        }
    }

    private static boolean forecasts(EmulatorReply.Forecast f, long call, MessagePattern pattern) {
        return f.blockingCalls() == call && f.pattern().equals(pattern);
    }

    private long blockingCalls() {
        return underWriteLock(() -> blockingCalls);
    }

    /** Reads a count the write lock guards. */
    private long underWriteLock(LongSupplier count) {
        writeLock.lock();
        try {
            return count.getAsLong();
        } finally {
            writeLock.unlock();
        }
    }

    /** A receive, probe, poll or send to itself: what the emulator counts to name the receive a Forecast is for. */
    private boolean blocking(RankFact fact) {
        return fact instanceof RankFact.Receive || fact instanceof RankFact.Probe || fact instanceof RankFact.ProbeAny
                || fact instanceof RankFact.Sent s && s.dst() == rank;
    }

    /** Closes the sending side first, so the gateway sees a clean end of stream rather than a reset. */
    @Override
    public void close() {
        closing = true;
        try {
            writeLock.lock();
            try {
                frames.sendLast();
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
        for (FrameChannel channel : new FrameChannel[] {frames, lowerBoundFrames}) {
            try {
                if (channel != null) {
                    channel.close();
                }
            } catch (IOException ignored) {
                // Nothing useful to do with a failed close.
            }
        }
    }

    /** Says Hello on a new connection; its frames from then on (the channel is closed if that fails). */
    private static FrameChannel greet(SocketChannel channel, Hello hello) throws IOException {
        FrameChannel frames;
        try {
            frames = new FrameChannel(channel);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        try {
            frames.append(FrameCodec.encodeHello(hello));
            frames.send();
            return frames;
        } catch (IOException | RuntimeException e) {
            frames.close();
            throw e;
        }
    }

    private static Class<? extends EmulatorReply> expectedAnswer(RankFact fact) {
        if (fact instanceof RankFact.Receive r && r.needsAnswer() || fact instanceof RankFact.Probe) {
            return EmulatorReply.Grant.class;
        } else if (fact instanceof RankFact.ProbeAny p) {
            return p.asOfNow() ? EmulatorReply.class : EmulatorReply.Grant.class; // as of now: Grant or NothingArrived
        } else if (fact instanceof RankFact.ClockQuery) {
            return EmulatorReply.Clock.class;
        }
        throw new IllegalArgumentException(fact + " gets no answer: report it instead");
    }

    /**
     * Adds the fact (if any) to the pending frame and, when asked, sends that frame at once. Returns the fact's
     * number among the rank's blocking calls, or -1 for a fact that is none.
     */
    private long write(RankFact fact, boolean send) {
        writeLock.lock();
        try {
            long call = -1;
            if (fact != null) {
                if (blocking(fact)) {
                    call = blockingCalls++;
                }
                if (!(fact instanceof RankFact.Progress || fact instanceof RankFact.Failed)) {
                    factsReported++;
                }
                lastWordWritten |= fact instanceof RankFact.Finished || fact instanceof RankFact.Failed;
                if (fact instanceof RankFact.ProbeAny p && p.patterns().size() > FrameCodec.PROBE_ANY_MAX_PATTERNS) {
                    for (byte[] part : FrameCodec.encodeFactParts(fact)) { // PATTERNS ahead, then the PROBE_ANY
                        append(part);
                    }
                } else {
                    append(FrameCodec.encodeFact(fact));
                }
            }
            if (send) {
                frames.send();
            }
            return call;
        } catch (IOException e) {
            EmulationAbortedException lost = lost(e);
            end(lost);
            throw lost;
        } finally {
            writeLock.unlock();
        }
    }

    /** Adds an encoded message to the pending frame; the caller holds the write lock. */
    private void append(byte[] encoded) throws IOException {
        if (frames.pendingBytes() + encoded.length > FrameCodec.MAX_FRAME_BYTES) {
            frames.send(); // a rank that says a lot without blocking: one full frame goes ahead
        }
        frames.append(encoded);
    }

    /** The asking thread reads its answer: the emulator's other words on this connection are Forecast and Abort. */
    private EmulatorReply readAnswer() {
        EmulatorReply reply;
        try {
            reply = FrameCodec.decodeReply(frames.receive());
        } catch (EOFException e) {
            throw fail(lost(new IOException("the emulator closed the connection")));
        } catch (IOException | MalformedFrameException e) {
            throw fail(lost(e));
        }
        if (reply instanceof EmulatorReply.Abort abort) {
            throw fail(new EmulationAbortedException(abort.reason()));
        }
        return reply;
    }

    /** The link's thread where measured CPU is charged: hands ProgressRequests to the responder until the end. */
    private void readRequests(FrameChannel requests) {
        try {
            while (true) {
                EmulatorReply reply = FrameCodec.decodeReply(requests.receive());
                if (reply instanceof EmulatorReply.ProgressRequest request) {
                    lowerBounds.onRequest(request);
                } else if (reply instanceof EmulatorReply.Abort abort) {
                    end(new EmulationAbortedException(abort.reason()));
                    return;
                } else {
                    throw new MalformedFrameException("the lower-bound connection carried " + reply);
                }
            }
        } catch (EOFException e) {
            end(lost(new IOException("the emulator closed the connection")));
        } catch (IOException | MalformedFrameException e) {
            end(lost(e));
        }
    }

    private EmulationAbortedException fail(EmulationAbortedException cause) {
        end(cause);
        closeQuietly(); // the run is over for this rank: free the sockets now
        EmulationAbortedException first = ended;
        return new EmulationAbortedException(first.reason(), first);
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
            lowerBounds.stop();
        }
    }

    private void failIfEnded() {
        EmulationAbortedException e = ended;
        if (e != null) {
            throw new EmulationAbortedException(e.reason(), e);
        }
    }
}
