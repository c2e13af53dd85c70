package mse.mpi.bench;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The floor under `bench hop` on this machine: the same measurement (a message written after a 300 us pause, the
 * time until the receiving thread has it, median after as many hops to warm up) with nothing but sockets in the
 * way. "direct": the sender's socket to the receiver's thread, one wake-up; "relayed": through a thread that only
 * forwards, as the emulator's gateway stands between two ranks, two wake-ups. The hop cannot be shorter than the
 * relayed floor.
 */
public final class HopFloor {

    private static final long SETTLE_NANOS = 300_000;

    private HopFloor() {
    }

    /**
     * Measures both floors, prints them for people and returns their machine-readable lines
     * (hop-floor-direct-median-us, hop-floor-relayed-median-us).
     */
    public static List<String> measure(int hops, Path folder) throws Exception {
        double direct = medianMicros(hops, false, folder);
        double relayed = medianMicros(hops, true, folder);
        System.out.printf("hop floor (as bench hop, sockets only), %d hops: direct p50 %.1f us, relayed p50 %.1f us%n", hops, direct, relayed);
        return List.of(String.format("hop-floor-direct-median-us: %.1f", direct),
                String.format("hop-floor-relayed-median-us: %.1f", relayed));
    }

    /** The median hop in microseconds over `hops` hops, directly or through a relay thread. */
    private static double medianMicros(int hops, boolean relayed, Path folder) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            Path socket = folder.resolve(relayed ? "hop-relayed.sock" : "hop-direct.sock");
            server.bind(UnixDomainSocketAddress.of(socket));
            try (SocketChannel sender = SocketChannel.open(UnixDomainSocketAddress.of(socket));
                 SocketChannel senderPeer = server.accept();
                 SocketChannel receiver = relayed ? SocketChannel.open(UnixDomainSocketAddress.of(socket)) : senderPeer;
                 SocketChannel receiverPeer = relayed ? server.accept() : null) {
                if (relayed) {
                    daemon("mse-floor-hop-relay", () -> forward(senderPeer, receiverPeer));
                }
                SynchronousQueue<Long> arrivals = new SynchronousQueue<>();
                daemon("mse-floor-hop-receiver", () -> receive(receiver, arrivals));
                time(sender, arrivals, hops); // warm-up
                long[] nanos = time(sender, arrivals, hops);
                Arrays.sort(nanos);
                return HopBenchmark.percentile(nanos, 0.50);
            } finally {
                Files.deleteIfExists(socket);
            }
        }
    }

    private static long[] time(SocketChannel sender, SynchronousQueue<Long> arrivals, int hops) throws Exception {
        FloorMessages out = new FloorMessages();
        long[] nanos = new long[hops];
        for (int i = 0; i < hops; i++) {
            LockSupport.parkNanos(SETTLE_NANOS);
            long start = System.nanoTime();
            out.write(sender, 1, i);
            Long arrived = arrivals.poll(10, TimeUnit.SECONDS);
            if (arrived == null) {
                throw new IOException("the floor's hop " + i + " did not arrive within 10 s");
            }
            nanos[i] = arrived - start;
        }
        return nanos;
    }

    private interface Loop {
        void run() throws Exception;
    }

    private static void daemon(String name, Loop loop) {
        Thread thread = new Thread(() -> {
            try {
                loop.run();
            } catch (Exception ended) {
                // the sockets closed: the measurement is over (or failed, which time() reports)
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits in a selector, as the gateway does, and writes on whatever it read. */
    private static void forward(SocketChannel from, SocketChannel to) throws Exception {
        FloorMessages out = new FloorMessages();
        FloorMessages.each(from, in -> {
            out.write(to, in.slave(), in.task());
            return true;
        });
    }

    /** Waits in a selector, as a rank's link does, and stamps each message's arrival. */
    private static void receive(SocketChannel channel, SynchronousQueue<Long> arrivals) throws Exception {
        FloorMessages.each(channel, in -> {
            arrivals.put(System.nanoTime());
            return true;
        });
    }
}
