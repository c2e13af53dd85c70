package mse.emulator.timeline;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * Which host each rank runs on, for the timeline's one process per host: the address a rank's connection
 * to the emulator came from, loopback being this machine (named by its host name). Ranks not heard from yet,
 * and every rank of a run without connections (the simulator), are on this machine.
 */
public final class RankHosts implements IntFunction<String> {

    private final ConcurrentHashMap<Integer, String> hosts = new ConcurrentHashMap<>();
    private final String thisHost;

    public RankHosts() {
        this.thisHost = thisHostName();
    }

    /** A single named host for every rank (the simulated target). */
    public static RankHosts all(String host) {
        return new RankHosts(host);
    }

    private RankHosts(String host) {
        this.thisHost = host;
    }

    /** Rank `rank` connected from `remote`. */
    public void connected(int rank, InetSocketAddress remote) {
        InetAddress address = remote.getAddress();
        hosts.put(rank, address == null || address.isLoopbackAddress() ? thisHost : address.getHostAddress());
    }

    @Override
    public String apply(int rank) {
        return hosts.getOrDefault(rank, thisHost);
    }

    private static String thisHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "this host"; // only a label: the machine's name could not be resolved
        }
    }
}
