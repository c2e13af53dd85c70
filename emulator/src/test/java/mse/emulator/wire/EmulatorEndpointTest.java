package mse.emulator.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class EmulatorEndpointTest {

    @Test
    void hostAndPortIsTcpAndSpellsItselfBack() {
        EmulatorEndpoint tcp = EmulatorEndpoint.parse("10.0.0.1:4711");
        assertFalse(tcp.isLocalSocket());
        InetSocketAddress address = (InetSocketAddress) tcp.address();
        assertEquals("10.0.0.1", address.getHostString());
        assertEquals(4711, address.getPort());
        assertEquals("10.0.0.1:4711", tcp.toString());
        assertEquals(tcp.toString(), EmulatorEndpoint.parse(tcp.toString()).toString());
    }

    @Test
    void anAbsolutePathIsTheLocalSocket() {
        EmulatorEndpoint local = EmulatorEndpoint.parse("/tmp/mse-emulator-1/ranks.sock");
        assertTrue(local.isLocalSocket());
        assertEquals(Path.of("/tmp/mse-emulator-1/ranks.sock"), ((UnixDomainSocketAddress) local.address()).getPath());
        assertEquals("/tmp/mse-emulator-1/ranks.sock", local.toString());
    }

    @Test
    void anythingElseIsRefusedSayingWhatWasExpected() {
        for (String bad : new String[] {"localhost", "ranks.sock", ":4711", "host:port", "host:0", "host:70000"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EmulatorEndpoint.parse(bad));
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
    }
}
