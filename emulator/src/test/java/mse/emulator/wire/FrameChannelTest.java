package mse.emulator.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A rank's frames over the emulator's local socket, with the emulator's end played by the test. */
@Timeout(60)
class FrameChannelTest {

    private Path directory;
    private SocketChannel emulatorEnd;
    private FrameChannel rankEnd;

    @BeforeEach
    void connect() throws IOException {
        directory = Files.createTempDirectory("frame-channel-test");
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(directory.resolve("s"));
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(address);
            SocketChannel rank = SocketChannel.open(address);
            emulatorEnd = server.accept();
            rankEnd = new FrameChannel(rank);
        }
    }

    @AfterEach
    void close() throws IOException {
        rankEnd.close();
        emulatorEnd.close();
        Files.deleteIfExists(directory.resolve("s"));
        Files.deleteIfExists(directory);
    }

    /**
     * The wake-up this channel exists for: an asker asleep for its answer is woken by the answer only, not also when
     * the emulator reads the ask (a blocking read of a Unix socket is woken then too: two switches a round trip).
     */
    @Test
    void anAskerAsleepForItsAnswerWakesOnceARoundTrip() throws Exception {
        int rounds = 200;
        CompletableFuture<Long> switches = new CompletableFuture<>();
        CompletableFuture<Long> askerId = new CompletableFuture<>();
        Thread asker = new Thread(() -> {
            try {
                long tid = threadId();
                askerId.complete(tid);
                long before = voluntarySwitches(tid);
                for (int i = 0; i < rounds; i++) {
                    rankEnd.append(new byte[] {(byte) i});
                    rankEnd.send();
                    ByteBuffer answer = rankEnd.receive();
                    assertEquals((byte) i, answer.get());
                }
                switches.complete(voluntarySwitches(tid) - before);
            } catch (Throwable t) {
                askerId.completeExceptionally(t);
                switches.completeExceptionally(t);
            }
        });
        asker.start();
        long tid = askerId.get(10, TimeUnit.SECONDS);
        emulatorEnd.configureBlocking(true);
        for (int i = 0; i < rounds; i++) {
            awaitAsleep(tid); // its ask is written and it waits: only now does the emulator read the ask
            ByteBuffer ask = readFrame(emulatorEnd);
            awaitAsleep(tid); // still asleep after the read, unless that read woke it
            writeFrame(emulatorEnd, new byte[] {ask.get()});
        }
        double perRound = (double) switches.get(30, TimeUnit.SECONDS) / rounds;
        assertTrue(perRound < 1.5, "the asker slept " + perRound + " times a round trip, where one answer wakes it once");
    }

    @Test
    void aFrameLargerThanTheSocketBufferWaitsForTheReaderAndArrivesWhole() throws Exception {
        byte[] payload = new byte[4 << 20];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31);
        }
        CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
            rankEnd.append(payload);
            try {
                rankEnd.send();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        emulatorEnd.configureBlocking(true);
        ByteBuffer frame = readFrame(emulatorEnd);
        sent.get(10, TimeUnit.SECONDS);
        byte[] received = new byte[frame.remaining()];
        frame.get(received);
        assertArrayEquals(payload, received);
    }

    /** The rank's last word: what is pending arrives whole, then a clean end of stream; its own side still reads. */
    @Test
    void theLastFrameIsFollowedByEndOfStreamAndTheRankStillReads() throws Exception {
        rankEnd.append(new byte[] {1, 2, 3});
        rankEnd.sendLast();
        emulatorEnd.configureBlocking(true);
        ByteBuffer frame = readFrame(emulatorEnd);
        assertArrayEquals(new byte[] {1, 2, 3}, new byte[] {frame.get(), frame.get(), frame.get()});
        assertEquals(-1, emulatorEnd.read(ByteBuffer.allocate(1)));
        writeFrame(emulatorEnd, new byte[] {9});
        assertEquals(9, rankEnd.receive().get());
    }

    @Test
    void closingWakesAThreadWaitingForAFrameWithAnIoException() throws Exception {
        CompletableFuture<Long> waiterId = new CompletableFuture<>();
        CompletableFuture<ByteBuffer> received = CompletableFuture.supplyAsync(() -> {
            try {
                waiterId.complete(threadId());
                return rankEnd.receive();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        awaitAsleep(waiterId.get(10, TimeUnit.SECONDS));
        rankEnd.close();
        ExecutionException failed = assertThrows(ExecutionException.class, () -> received.get(10, TimeUnit.SECONDS));
        assertTrue(failed.getCause().getCause() instanceof IOException, String.valueOf(failed.getCause()));
    }

    private static ByteBuffer readFrame(SocketChannel channel) throws IOException {
        ByteBuffer length = ByteBuffer.allocate(FrameCodec.LENGTH_FIELD_BYTES);
        readFully(channel, length);
        ByteBuffer payload = ByteBuffer.allocate(length.getInt(0));
        readFully(channel, payload);
        return payload.flip();
    }

    private static void readFully(SocketChannel channel, ByteBuffer into) throws IOException {
        while (into.hasRemaining()) {
            if (channel.read(into) < 0) {
                throw new IOException("end of stream");
            }
        }
    }

    private static void writeFrame(SocketChannel channel, byte[] payload) throws IOException {
        ByteBuffer frame = ByteBuffer.allocate(FrameCodec.LENGTH_FIELD_BYTES + payload.length);
        frame.putInt(payload.length).put(payload).flip();
        while (frame.hasRemaining()) {
            channel.write(frame);
        }
    }

    private static long threadId() throws IOException {
        return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
    }

    private static long voluntarySwitches(long tid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/task/" + tid + "/status"))) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new IOException("no voluntary_ctxt_switches in the status of thread " + tid);
    }

    /** Until the thread sleeps in the kernel (state S in its stat line, after the command's closing parenthesis). */
    private static void awaitAsleep(long tid) throws IOException, InterruptedException {
        Path stat = Path.of("/proc/self/task/" + tid + "/stat");
        while (true) {
            String line = Files.readString(stat);
            if (line.charAt(line.lastIndexOf(')') + 2) == 'S') {
                return;
            }
            Thread.sleep(0, 200_000);
        }
    }
}
