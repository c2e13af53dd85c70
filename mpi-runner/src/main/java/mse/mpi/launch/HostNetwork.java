package mse.mpi.launch;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import mse.cluster.hosts.Hostfile;

/**
 * The network a job's ranks talk over: what Open MPI's btl_tcp_if_include / oob_tcp_if_include get (an
 * interface name or a CIDR) and the address the emulator listens on. On one machine: loopback. With a
 * hostfile and no --net-interface: the subnet of the interface this machine uses to reach the first
 * remote host of the hostfile (as a CIDR, since the hosts may name their interfaces differently), and
 * this machine's address on it.
 */
public record HostNetwork(String openMpiInterface, String bindAddress) {

    public static final HostNetwork LOOPBACK = new HostNetwork("lo", EmulationPlan.LOOPBACK);

    /** From --net-interface (null: the default above) for the hosts of `hostfile` (null: this machine). */
    public static HostNetwork resolve(String option, Hostfile hostfile) {
        if (option != null) {
            return option.contains("/") ? ofCidr(option) : ofInterface(option);
        }
        if (hostfile == null) {
            return LOOPBACK;
        }
        for (Hostfile.Host host : hostfile.hosts()) {
            InetAddress address = resolveHost(host, hostfile);
            if (!isThisMachine(address)) {
                return towards(address, host.name());
            }
        }
        return LOOPBACK; // every host of the hostfile is this machine
    }

    static boolean isThisMachine(InetAddress address) {
        try {
            return address.isLoopbackAddress() || address.isAnyLocalAddress() || NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    static InetAddress resolveHost(Hostfile.Host host, Hostfile hostfile) {
        try {
            return InetAddress.getByName(host.name());
        } catch (UnknownHostException e) {
            throw new PreflightException("host " + host.name() + " (" + hostfile.source() + ":" + host.line()
                    + ") cannot be resolved: add it to DNS or /etc/hosts, or write its address in the hostfile");
        }
    }

    /** The CIDR of the interface the kernel routes `remote` through, and this machine's address on it. */
    private static HostNetwork towards(InetAddress remote, String name) {
        if (!(remote instanceof Inet4Address)) {
            throw new PreflightException("host " + name + " has the IPv6 address " + remote.getHostAddress()
                    + "; give --net-interface IFACE|CIDR for the network the hosts share");
        }
        InetAddress local;
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(remote, 9); // UDP connect only picks a route and a source address; nothing is sent
            local = probe.getLocalAddress();
        } catch (IOException e) {
            throw new PreflightException("host " + name + " (" + remote.getHostAddress() + "): no route from this machine ("
                    + e.getMessage() + "); give --net-interface IFACE|CIDR");
        }
        for (NetworkInterface nic : interfaces()) {
            for (InterfaceAddress a : nic.getInterfaceAddresses()) {
                if (a.getAddress().equals(local)) {
                    return new HostNetwork(cidr(a), local.getHostAddress());
                }
            }
        }
        throw new PreflightException("host " + name + " is reached from " + local.getHostAddress()
                + ", which no interface of this machine holds; give --net-interface IFACE|CIDR");
    }

    private static HostNetwork ofInterface(String name) {
        NetworkInterface nic;
        try {
            nic = NetworkInterface.getByName(name);
        } catch (SocketException e) {
            nic = null;
        }
        if (nic == null) {
            throw new PreflightException("--net-interface: no interface " + name + " on this machine; it has "
                    + interfaces().stream().map(NetworkInterface::getName).sorted().toList());
        }
        Optional<InetAddress> address = Collections.list(nic.getInetAddresses()).stream()
                .filter(Inet4Address.class::isInstance).findFirst();
        return new HostNetwork(name, address.orElseThrow(() -> new PreflightException(
                "--net-interface: " + name + " has no IPv4 address for the emulator to listen on")).getHostAddress());
    }

    private static HostNetwork ofCidr(String cidr) {
        String[] parts = cidr.split("/", 2);
        int prefix;
        InetAddress network;
        try {
            prefix = Integer.parseInt(parts[1]);
            network = InetAddress.getByName(parts[0]);
        } catch (NumberFormatException | UnknownHostException e) {
            throw new PreflightException("--net-interface: expected an interface name or a CIDR like 10.1.0.0/16, got " + cidr);
        }
        if (!(network instanceof Inet4Address) || prefix < 0 || prefix > 32 || !parts[0].matches("[0-9.]+")) {
            throw new PreflightException("--net-interface: expected an IPv4 CIDR like 10.1.0.0/16, got " + cidr);
        }
        for (NetworkInterface nic : interfaces()) {
            for (InterfaceAddress a : nic.getInterfaceAddresses()) {
                if (a.getAddress() instanceof Inet4Address && masked(a.getAddress(), prefix) == masked(network, prefix)) {
                    return new HostNetwork(cidr, a.getAddress().getHostAddress());
                }
            }
        }
        throw new PreflightException("--net-interface: no interface of this machine has an address in " + cidr
                + ", so the ranks could not reach the emulator here");
    }

    private static String cidr(InterfaceAddress a) {
        int prefix = a.getNetworkPrefixLength();
        int network = masked(a.getAddress(), prefix);
        return ((network >>> 24) & 255) + "." + ((network >>> 16) & 255) + "." + ((network >>> 8) & 255) + "."
                + (network & 255) + "/" + prefix;
    }

    private static int masked(InetAddress address, int prefix) {
        byte[] b = address.getAddress();
        int value = ((b[0] & 255) << 24) | ((b[1] & 255) << 16) | ((b[2] & 255) << 8) | (b[3] & 255);
        return prefix == 0 ? 0 : value & (-1 << (32 - prefix));
    }

    private static List<NetworkInterface> interfaces() {
        try {
            return Collections.list(NetworkInterface.getNetworkInterfaces());
        } catch (SocketException e) {
            throw new PreflightException("cannot list this machine's network interfaces: " + e.getMessage());
        }
    }
}
