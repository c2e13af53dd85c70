package mse.emulator.wire;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;

/**
 * Where a rank reaches the emulator: HOST:PORT over TCP, or the path of the emulator's local socket (a Unix domain
 * socket) when the rank runs on the emulator's machine. Why a local socket: a blocking round trip between two threads
 * costs markedly less CPU and wall time over a Unix domain socket than over loopback TCP (`./run.sh bench hop` prints
 * both), and every emulated task takes two of them (the master's grant, the slave's).
 */
public record EmulatorEndpoint(SocketAddress address) {

    public EmulatorEndpoint {
        if (!(address instanceof InetSocketAddress || address instanceof UnixDomainSocketAddress)) {
            throw new IllegalArgumentException("an emulator endpoint is TCP or a local socket, not " + address);
        }
    }

    public static EmulatorEndpoint tcp(String host, int port) {
        return new EmulatorEndpoint(InetSocketAddress.createUnresolved(host, port));
    }

    public static EmulatorEndpoint local(Path socket) {
        return new EmulatorEndpoint(UnixDomainSocketAddress.of(socket));
    }

    /** HOST:PORT, or an absolute path: the spelling of {@link #toString()}, which the rank's --emulator takes. */
    public static EmulatorEndpoint parse(String spec) {
        if (spec.startsWith("/")) {
            return local(Path.of(spec));
        }
        int colon = spec.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("expected HOST:PORT or the absolute path of a local socket, got '" + spec + "'");
        }
        String port = spec.substring(colon + 1);
        try {
            int p = Integer.parseInt(port);
            if (p < 1 || p > 65_535) {
                throw new NumberFormatException();
            }
            return tcp(spec.substring(0, colon), p);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a port 1..65535 after the colon in '" + spec + "', got '" + port + "'");
        }
    }

    public boolean isLocalSocket() {
        return address instanceof UnixDomainSocketAddress;
    }

    @Override
    public String toString() {
        if (address instanceof InetSocketAddress inet) {
            return inet.getHostString() + ":" + inet.getPort();
        }
        return ((UnixDomainSocketAddress) address).getPath().toString();
    }
}
