package mse.emulator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results file has the permissions any new file gets under this process's umask, and no temporary file stays. */
class AtomicFilesTest {

    @TempDir
    Path tmp;

    @Test
    void aResultsFileGetsTheUmasksPermissionsNotTemporaryFilesOwnerOnlyOnes() throws Exception {
        Path plain = Files.createFile(tmp.resolve("plain"));
        Path written = tmp.resolve("summary.json");
        AtomicFiles.writeString(written, "{}");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
        AtomicFiles.writeString(written, "{\"again\": true}");
        assertEquals("{\"again\": true}", Files.readString(written));
        try (var files = Files.list(tmp)) {
            assertEquals(List.of("plain", "summary.json"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
