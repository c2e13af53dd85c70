package mse.emulator.wire;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;

/**
 * Opens the rank's socket to the emulator. The launcher starts the emulator before mpirun, so a refused
 * connection usually means a wrong address or a dead emulator: a few short retries absorb a slow start,
 * and after about five seconds the rank fails with the address it tried instead of hanging.
 */
final class LinkConnector {

    static final long BUDGET_MILLIS = 5_000;
    private static final int CONNECT_TIMEOUT_MILLIS = 1_000;
    private static final long[] PAUSES_MILLIS = {100, 250, 500, 1_000, 1_500};

    private LinkConnector() {}

    /** A blocking channel to the endpoint. */
    static SocketChannel open(EmulatorEndpoint endpoint) throws IOException {
        long start = System.nanoTime();
        IOException last = null;
        int attempts = 0;
        for (int i = 0; i <= PAUSES_MILLIS.length; i++) {
            attempts++;
            long left = BUDGET_MILLIS - elapsedMillis(start);
            try {
                return connect(endpoint, (int) Math.max(1, Math.min(CONNECT_TIMEOUT_MILLIS, left)));
            } catch (IOException e) {
                last = e;
            }
            if (i == PAUSES_MILLIS.length || elapsedMillis(start) + PAUSES_MILLIS[i] > BUDGET_MILLIS) {
                break;
            }
            sleep(PAUSES_MILLIS[i]);
        }
        ConnectException failure = new ConnectException("cannot reach the emulator at " + endpoint + " after "
                + attempts + " attempts in " + elapsedMillis(start) + " ms: " + last.getMessage());
        failure.initCause(last);
        throw failure;
    }

    private static SocketChannel connect(EmulatorEndpoint endpoint, int timeoutMillis) throws IOException {
        if (endpoint.address() instanceof InetSocketAddress inet) {
            InetSocketAddress resolved = new InetSocketAddress(inet.getHostString(), inet.getPort());
            if (resolved.isUnresolved()) {
                throw new IOException("cannot resolve host");
            }
            SocketChannel channel = SocketChannel.open();
            try {
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true); // facts are tiny and latency-bound
                channel.socket().connect(resolved, timeoutMillis);
                return channel;
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }
        // A local socket: connecting either succeeds or fails at once (no such file, nobody listening).
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(endpoint.address());
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static long elapsedMillis(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to the emulator", e);
        }
    }
}
