package mse.emulator.timeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import mse.emulator.analysis.PathStretch;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankFact;

/**
 * A run's OTF2 archive, otf2/traces.otf2 beside timeline.json: the timeline's spans and messages go to an event
 * stream in a hidden file while the run goes, and {@link #finish} has mse-otf2 write the archive from it into a
 * hidden directory that then moves into place, so a failed run leaves no archive (and no stream: the stream is
 * deleted either way).
 */
final class Otf2Archive {

    private final Path target;
    private final Path partialEvents;
    private final Path partialArchive;
    private final EventStream stream;

    private Otf2Archive(Path target) throws IOException {
        this.target = target;
        this.partialEvents = target.resolveSibling("." + target.getFileName() + "-events.partial");
        this.partialArchive = target.resolveSibling("." + target.getFileName() + ".partial");
        Files.createDirectories(target.toAbsolutePath().getParent());
        this.stream = new EventStream(Files.newOutputStream(partialEvents));
    }

    /** Starts the archive `directory` (otf2 in a run's results directory); fails now when the writer is not built. */
    static Otf2Archive open(Path directory) throws IOException {
        Otf2Writer.program();
        return new Otf2Archive(directory);
    }

    /** The archive's main file, which OTF2 readers open. */
    static Path mainFile(Path directory) {
        return directory.resolve("traces.otf2");
    }

    void span(Charge charge) throws IOException {
        stream.span(charge);
    }

    void message(MessageRecord message) throws IOException {
        stream.message(message);
    }

    void call(CallRecord call) throws IOException {
        stream.call(call);
    }

    void communicator(RankFact.CommMember member, String call) throws IOException {
        stream.communicator(member, call);
    }

    void critical(PathStretch stretch) throws IOException {
        stream.critical(stretch.rank(), stretch.fromNanos(), stretch.untilNanos());
    }

    /**
     * Names the hosts (in the order given, which numbers them) and each rank's host and name, ends every rank's program
     * at `endNanos` and writes the archive into place; returns its main file.
     */
    Path finish(Iterable<String> hosts, Map<Integer, RankName> ranks, long endNanos) throws IOException {
        try {
            int id = 0;
            for (String host : hosts) {
                stream.host(id++, host);
            }
            for (Map.Entry<Integer, RankName> rank : ranks.entrySet()) {
                stream.rank(rank.getKey(), rank.getValue().host(), rank.getValue().name());
            }
            stream.end(endNanos);
            stream.close();
            delete(partialArchive);
            Otf2Writer.write(partialEvents, partialArchive);
            delete(target);
            move(partialArchive, target);
            return mainFile(target);
        } finally {
            discard();
        }
    }

    /** Abandons the archive: the stream and any half-written archive go. */
    void discard() {
        try {
            stream.close();
        } catch (IOException e) {
            // closing a stream being thrown away: nothing to keep
        }
        try {
            Files.deleteIfExists(partialEvents);
            delete(partialArchive);
        } catch (IOException e) {
            // the run already failed for a better reason; a hidden leftover is all that can remain
        }
    }

    /** A rank's host (by its number among the hosts) and its name in the archive. */
    record RankName(int host, String name) {}

    private static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }
}
