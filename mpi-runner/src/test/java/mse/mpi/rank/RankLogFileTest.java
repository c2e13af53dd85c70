package mse.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.pattern.TargetLengthBasedClassNameAbbreviator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rank's lines written without logback read as the launcher's logback lines do. */
class RankLogFileTest {

    @Test
    void linesHaveTheLogFilesLayoutAndErrorsTheirStackTrace(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mse.log");
        Files.writeString(file, "12:00:00.000 INFO  [main] mse.mpi.launch.MpiJob - the launcher's line\n");
        RankLogFile log = new RankLogFile(file);
        log.append("DEBUG", RankRuntime.class.getName(), "rank {} of {} started", new Object[] {1, 4}, null);
        log.append("ERROR", RunLog.DETAILS, "rank {} failed", new Object[] {1}, new IllegalStateException("boom"));
        List<String> lines = Files.readAllLines(file);
        assertEquals("12:00:00.000 INFO  [main] mse.mpi.launch.MpiJob - the launcher's line", lines.get(0));
        String thread = Thread.currentThread().getName();
        assertTrue(lines.get(1).matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} DEBUG \\[" + java.util.regex.Pattern.quote(thread)
                + "\\] mse\\.mpi\\.rank\\.RankRuntime - rank 1 of 4 started"), lines.get(1));
        assertTrue(lines.get(2).matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ERROR \\[.*\\] mse\\.details - rank 1 failed"), lines.get(2));
        assertEquals("java.lang.IllegalStateException: boom", lines.get(3));
        assertTrue(lines.get(4).startsWith("\tat "), lines.get(4));
    }

    @Test
    void longNamesAreShortenedAsLogbackShortensThem() {
        TargetLengthBasedClassNameAbbreviator logback = new TargetLengthBasedClassNameAbbreviator(30);
        for (String name : List.of("mse.mpi.rank.RankRuntime", "mse.mpi.apps.farm.FarmWarmUp", "mse.details",
                "mse.emulator.actors.VirtualTimeKeeper", "org.apache.pekko.event.slf4j.Slf4jLogger")) {
            assertEquals(logback.abbreviate(name), RankLogFile.abbreviated(name), name);
        }
    }
}
