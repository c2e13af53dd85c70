package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A missing mpirun or mpi.jar is said plainly, with the fix, before any rank starts. */
class OpenMpiInstallationTest {

    @TempDir
    Path tmp;

    @Test
    void missingOmpiInfoSaysHowToInstall() {
        LaunchException e = assertThrows(LaunchException.class, () -> OpenMpiInstallation.check("ompi_info-not-here"));
        assertTrue(e.getMessage().contains("./run.sh setup"), e.getMessage());
    }

    @Test
    void missingJarSaysHowToInstall() {
        LaunchException e = assertThrows(LaunchException.class, () -> OpenMpiInstallation.checkJar(tmp));
        assertTrue(e.getMessage().contains("mpi.jar") && e.getMessage().contains("./run.sh setup"), e.getMessage());
    }

    @Test
    void aLibdirFoundBeforeIsCheckedWithoutAskingOmpiInfo() throws java.io.IOException {
        LaunchException e = assertThrows(LaunchException.class, () -> OpenMpiInstallation.check("ompi_info-not-here", tmp.toString()));
        assertTrue(e.getMessage().contains(tmp.resolve("mpi.jar").toString()), e.getMessage());
        java.nio.file.Files.createFile(tmp.resolve("mpi.jar"));
        OpenMpiInstallation.check("ompi_info-not-here", tmp.toString());
    }

    @Test
    void missingMpirunSaysHowToInstall() {
        MpirunCommand command = new MpirunCommand("mpirun-not-here", 2, 2, false, "lo", MpirunCommand.DEFAULT_BTL, List.of(), "cp", List.of(),
                "Main", List.of());
        LaunchException e = assertThrows(LaunchException.class, () -> MpiJob.run(command, Duration.ofSeconds(5)));
        assertTrue(e.getMessage().contains("./run.sh setup"), e.getMessage());
    }

    @Test
    void thisMachineIsInstalled() {
        OpenMpiInstallation.check();
    }
}
