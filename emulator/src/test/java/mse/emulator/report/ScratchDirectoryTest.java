package mse.emulator.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No run leaves its scratch directory behind: closing deletes it with its content, and what a killed owner left
 * (a SIGKILL runs no hook) is deleted by the next directory of the same prefix, but only once its owner is gone.
 */
class ScratchDirectoryTest {

    @Test
    void closingDeletesTheDirectoryAndEverythingInIt(@TempDir Path tmp) throws IOException {
        Path path;
        try (ScratchDirectory scratch = ScratchDirectory.create(tmp, "mse-emulator")) {
            path = scratch.path();
            assertTrue(path.getFileName().toString().startsWith("mse-emulator-" + ProcessHandle.current().pid() + "-"),
                    "the name carries its owner: " + path);
            Files.createDirectories(path.resolve("np-2/histograms"));
            Files.writeString(path.resolve("np-2/summary.json"), "{}");
            boundAndClosed(path.resolve("ranks.sock"));
        }
        assertFalse(Files.exists(path));
    }

    @Test
    void whatAKilledOwnerLeftIsClearedByTheNextOneAndALiveOwnersIsNot(@TempDir Path tmp) throws Exception {
        Process finished = new ProcessBuilder("true").start();
        finished.waitFor();
        Path killed = Files.createDirectory(tmp.resolve("mse-emulator-" + finished.pid() + "-123"));
        boundAndClosed(killed.resolve("ranks.sock")); // a socket file nobody listens on any more, as a SIGKILL leaves it
        Path running = Files.createDirectory(tmp.resolve("mse-emulator-" + ProcessHandle.current().pid() + "-456"));
        Path unnamed = Files.createDirectory(tmp.resolve("mse-emulator-789")); // owner unknown
        Path otherPrefix = Files.createDirectory(tmp.resolve("mse-bench-" + finished.pid() + "-1"));

        try (ScratchDirectory next = ScratchDirectory.create(tmp, "mse-emulator")) {
            assertFalse(Files.exists(killed), "its owner is gone");
            assertTrue(Files.isDirectory(running), "its owner still runs");
            assertTrue(Files.isDirectory(unnamed), "nothing says whether its owner runs");
            assertTrue(Files.isDirectory(otherPrefix), "another kind of directory, cleared by its own kind");
            assertTrue(Files.isDirectory(next.path()));
        }
    }

    private static void boundAndClosed(Path socket) throws IOException {
        try (ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.bind(UnixDomainSocketAddress.of(socket));
        }
    }
}
