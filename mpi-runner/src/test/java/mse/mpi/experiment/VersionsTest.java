package mse.mpi.experiment;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** `mse --version` and every report's inputs name the Open MPI release that ran the ranks. */
class VersionsTest {

    @Test
    void namesTheInstalledOpenMpiRelease() {
        String openMpi = Arrays.stream(new Versions().getVersion()).filter(line -> line.startsWith("Open MPI ")).findFirst()
                .orElseThrow();
        assertTrue(openMpi.matches("Open MPI \\d+\\.\\d+\\.\\d+\\S*"), openMpi);
    }
}
