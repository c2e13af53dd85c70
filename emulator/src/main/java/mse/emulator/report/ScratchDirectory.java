package mse.emulator.report;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A directory of the temporary directory that a run needs only while it lasts (the emulator's local socket, a
 * benchmark's throw-away results), made so that no run leaves it behind: closing it deletes it with everything in it,
 * so does the JVM's exit (a signal included), and since a SIGKILL runs no hook, its name carries the owner's process
 * id ("mse-emulator-4242-8123...") and the next directory made with the same prefix deletes those whose owner process
 * is gone. A directory whose owner still runs is never touched, whoever owns it.
 */
public final class ScratchDirectory implements AutoCloseable {

    private final Path path;
    private final Thread atExit;

    private ScratchDirectory(Path path) {
        this.path = path;
        this.atExit = new Thread(() -> deleteQuietly(path), "mse-scratch-cleanup");
        Runtime.getRuntime().addShutdownHook(atExit);
    }

    /** A fresh directory "PREFIX-PID-..." in java.io.tmpdir, after deleting what killed owners left there. */
    public static ScratchDirectory create(String prefix) throws IOException {
        return create(Path.of(System.getProperty("java.io.tmpdir")), prefix);
    }

    /** The same in `parent`. */
    public static ScratchDirectory create(Path parent, String prefix) throws IOException {
        clearAbandoned(parent, prefix);
        // createTempDirectory makes it rwx------: only this user reaches what it holds (a socket, results)
        return new ScratchDirectory(Files.createTempDirectory(parent, prefix + "-" + ProcessHandle.current().pid() + "-"));
    }

    public Path path() {
        return path;
    }

    /** Deletes the directory and its content; a second close does nothing. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway, and deleting twice is harmless
        }
        deleteQuietly(path);
    }

    /**
     * Deletes every "PREFIX-PID-..." directory of `parent` whose process PID no longer runs (one this user may delete:
     * the temporary directory's sticky bit keeps others' out of reach). Directories named otherwise, from before their
     * names carried an owner, are left alone: nothing says whether their owner still runs.
     */
    public static void clearAbandoned(Path parent, String prefix) {
        Pattern owned = Pattern.compile(Pattern.quote(prefix) + "-([0-9]{1,18})-[0-9]+");
        List<Path> candidates;
        try (Stream<Path> entries = Files.list(parent)) {
            candidates = entries.filter(p -> p.getFileName().toString().startsWith(prefix + "-")).toList();
        } catch (IOException e) {
            return; // an unreadable temporary directory: nothing of ours can be found there either
        }
        for (Path candidate : candidates) {
            Matcher name = owned.matcher(candidate.getFileName().toString());
            if (name.matches() && Files.isDirectory(candidate) && !running(Long.parseLong(name.group(1)))) {
                deleteQuietly(candidate);
            }
        }
    }

    private static boolean running(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Deletes a tree, depth first; what cannot be deleted stays (another cleanup may be at it at the same time). */
    private static void deleteQuietly(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException failed) {
                    return FileVisitResult.CONTINUE; // deleted meanwhile by a concurrent cleanup
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException failed) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // gone already, or deleted by a concurrent cleanup
        }
    }
}
