package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mse.cluster.hosts.Hostfile;
import org.junit.jupiter.api.Test;

/** Which network a job uses and where the emulator listens, from --net-interface and the hostfile. */
class HostNetworkTest {

    @Test
    void oneMachineIsLoopback() {
        assertEquals(HostNetwork.LOOPBACK, HostNetwork.resolve(null, null));
        assertEquals(HostNetwork.LOOPBACK, HostNetwork.resolve(null, Hostfile.parse("localhost slots=4\n127.0.0.1\n", "h")),
                "a hostfile naming only this machine stays on loopback");
    }

    @Test
    void anInterfaceOrACidrGivesThisMachinesAddressOnIt() {
        assertEquals(new HostNetwork("lo", "127.0.0.1"), HostNetwork.resolve("lo", null));
        assertEquals(new HostNetwork("127.0.0.0/8", "127.0.0.1"), HostNetwork.resolve("127.0.0.0/8", null));
    }

    @Test
    void aNetworkThisMachineIsNotOnIsRefused() {
        assertTrue(assertThrows(PreflightException.class, () -> HostNetwork.resolve("no-such-nic0", null)).getMessage()
                .startsWith("--net-interface: no interface no-such-nic0 on this machine; it has ["));
        assertEquals("--net-interface: no interface of this machine has an address in 198.51.100.0/24, so the ranks could "
                + "not reach the emulator here", assertThrows(PreflightException.class,
                () -> HostNetwork.resolve("198.51.100.0/24", null)).getMessage());
        assertEquals("--net-interface: expected an IPv4 CIDR like 10.1.0.0/16, got 10.0.0.0/33",
                assertThrows(PreflightException.class, () -> HostNetwork.resolve("10.0.0.0/33", null)).getMessage());
    }

    @Test
    void anUnknownHostIsNamedWithItsLine() {
        PreflightException e = assertThrows(PreflightException.class,
                () -> HostNetwork.resolve(null, Hostfile.parse("localhost\nno-such-host.invalid slots=2\n", "hosts")));
        assertTrue(e.getMessage().startsWith("host no-such-host.invalid (hosts:2) cannot be resolved"), e.getMessage());
    }
}
