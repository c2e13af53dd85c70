package mse.emulator.report;

/**
 * Where one rank's connection to the emulator came from. `host`: the machine, by the address the other hosts reach
 * it at (a rank on the emulator's own machine over its local socket counts as that machine). `address`: summary.json's
 * ranks[].address, the connection's source address over TCP, or {@link #LOCAL_SOCKET} for a rank that came over the
 * emulator's local (Unix domain) socket, which has no network address.
 */
public record RankOrigin(String host, String address) {

    /** ranks[].address of a rank on the emulator's machine that connected over its local socket. */
    public static final String LOCAL_SOCKET = "local-socket";

    /** A rank never heard from. */
    public static final RankOrigin UNKNOWN = new RankOrigin("", "");

    public static RankOrigin of(String host, boolean localSocket) {
        return new RankOrigin(host, localSocket ? LOCAL_SOCKET : host);
    }
}
