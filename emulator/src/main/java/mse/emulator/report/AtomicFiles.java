package mse.emulator.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Every results file is written to a temporary name beside its target and renamed into place, so a
 * reader (or a crash) never sees half a file, and an older complete file survives a failed write. The temporary file
 * is created as any new file is, with the permissions the umask leaves (not Files.createTempFile's 0600): a results
 * file is for colleagues on the same machine too.
 */
public final class AtomicFiles {

    /** Writes the content of one file to a stream. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Names of temporary files: unguessable, so two writers of one directory never meet (CREATE_NEW checks). */
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private AtomicFiles() {
    }

    public static void write(Path target, Writer content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }
}
