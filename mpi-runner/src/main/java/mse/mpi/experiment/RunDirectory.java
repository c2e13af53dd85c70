package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import mse.mpi.options.BadInputException;
import mse.mpi.rank.RunLog;

/** Where a command writes its results: --out DIR, or results/<timestamp>-<command> (never reused). */
public final class RunDirectory {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunDirectory() {
    }

    public static Path create(Path out, String command) {
        Path dir = out != null ? out : fresh(Path.of("results"), STAMP.format(LocalDateTime.now()) + "-" + command);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BadInputException("--out: cannot create results directory " + dir + ": " + e.getMessage());
        }
        if (!Files.isWritable(dir)) {
            throw new BadInputException("--out: results directory " + dir + " is not writable");
        }
        RunLog.attach(dir);
        return dir;
    }

    private static Path fresh(Path parent, String name) {
        Path dir = parent.resolve(name);
        for (int i = 2; Files.exists(dir); i++) {
            dir = parent.resolve(name + "-" + i);
        }
        return dir;
    }
}
