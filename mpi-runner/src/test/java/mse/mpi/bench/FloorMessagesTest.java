package mse.mpi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The farm floor's messages come out whole however the bytes arrive: together, or split inside a message. */
class FloorMessagesTest {

    @TempDir
    Path tmp;

    @Test
    void messagesThatArriveTogetherOrSplitComeOutWholeAndInOrder() throws Exception {
        Path socket = tmp.resolve("m.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            try (SocketChannel writer = SocketChannel.open(UnixDomainSocketAddress.of(socket));
                 SocketChannel reader = server.accept()) {
                FloorMessages out = new FloorMessages();
                out.write(writer, 3, 7);
                out.write(writer, 5, FloorMessages.STOP);
                FloorMessages in = new FloorMessages();
                assertTrue(in.fill(reader));
                while (!in.next()) { // both were written before: at most a few reads
                    assertTrue(in.fill(reader));
                }
                assertEquals(3, in.slave());
                assertEquals(7, in.task());
                while (!in.next()) {
                    assertTrue(in.fill(reader));
                }
                assertEquals(5, in.slave());
                assertEquals(FloorMessages.STOP, in.task());
                assertFalse(in.next());

                ByteBuffer half = ByteBuffer.allocate(FloorMessages.SIZE).putInt(9).putInt(11).putLong(33).flip();
                half.limit(10);
                writer.write(half);
                assertTrue(in.fill(reader)); // a blocking read: the 10 bytes written
                assertFalse(in.next(), "10 of 16 bytes make no message");
                half.limit(FloorMessages.SIZE);
                writer.write(half);
                while (!in.next()) {
                    assertTrue(in.fill(reader));
                }
                assertEquals(9, in.slave());
                assertEquals(11, in.task());

                writer.shutdownOutput();
                assertFalse(in.fill(reader), "the end of the connection is told");
            }
        }
    }
}
