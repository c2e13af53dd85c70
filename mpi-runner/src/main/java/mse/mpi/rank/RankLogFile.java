package mse.mpi.rank;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import org.slf4j.helpers.MessageFormatter;

/**
 * A rank JVM's lines in the run's mse.log, written without logback: a rank logs a few lines (started, ready, the
 * warm-up, a failure's stack trace), and starting logback for them cost each rank JVM about 0.1 s of CPU, paid 32 times
 * at np 32. The lines are the launcher's format ({@link LogLayouts.LogFile}), appended under a lock of the whole file
 * as logback's prudent mode does, so the launcher's lines and every rank's interleave whole.
 */
final class RankLogFile {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    /** Logback's %logger{30}: the rank's loggers are shorter, so their names appear whole. */
    private static final int LOGGER_LENGTH = 30;

    private final Path file;

    RankLogFile(Path file) {
        this.file = file;
    }

    /** One event: "12:00:01.234 DEBUG [main] mse.mpi.rank.RankRuntime - message", then the stack trace if any. */
    synchronized void append(String level, String logger, String format, Object[] arguments, Throwable thrown) {
        StringBuilder line = new StringBuilder(128);
        TIME.formatTo(LocalTime.now(), line);
        line.append(' ').append(level).append(" ".repeat(Math.max(1, 6 - level.length())))
                .append('[').append(Thread.currentThread().getName()).append("] ")
                .append(abbreviated(logger)).append(" - ")
                .append(MessageFormatter.arrayFormat(format, arguments).getMessage()).append(System.lineSeparator());
        if (thrown != null) {
            StringWriter trace = new StringWriter();
            thrown.printStackTrace(new PrintWriter(trace));
            line.append(trace);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            FileLock lock = channel.lock(); // released when the channel closes
            ByteBuffer bytes = ByteBuffer.wrap(line.toString().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining() && lock.isValid()) {
                channel.write(bytes);
            }
        } catch (IOException e) {
            // the log is a record, not the run: a rank that cannot write it goes on
        }
    }

    /** Package names shortened to their first letters from the left until the name fits (logback's abbreviator). */
    static String abbreviated(String name) {
        if (name.length() <= LOGGER_LENGTH) {
            return name;
        }
        String[] parts = name.split("\\.");
        int length = name.length();
        for (int i = 0; i < parts.length - 1 && length > LOGGER_LENGTH; i++) {
            length -= parts[i].length() - 1;
            parts[i] = parts[i].substring(0, 1);
        }
        return String.join(".", parts);
    }
}
