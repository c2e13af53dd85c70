package mse.emulator.wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Blocking streams over a blocking SocketChannel that one thread may read while another writes. Not
 * Channels.newInputStream/newOutputStream: on JDK 17 both hold the channel's blocking lock for the whole call, so
 * the link's reader, blocked in a read, would stall every fact the program thread writes. The channel itself reads
 * and writes under separate locks. (A Unix domain channel has no Socket adaptor to take streams from.)
 */
final class ChannelStreams {

    private ChannelStreams() {}

    static InputStream in(SocketChannel channel) {
        return new InputStream() {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                return channel.read(ByteBuffer.wrap(b, off, len));
            }

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }
        };
    }

    static OutputStream out(SocketChannel channel) {
        return new OutputStream() {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(b, off, len);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }

            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }
        };
    }
}
