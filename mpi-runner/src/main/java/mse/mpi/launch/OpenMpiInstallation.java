package mse.mpi.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before anything is launched, that mpirun and the Open MPI Java bindings are where mpirun
 * looks for them (libdir/mpi.jar); otherwise the run would fail later inside every rank with a class
 * loading error. The message says how to fix it.
 */
public final class OpenMpiInstallation {

    /**
     * Open MPI's libdir as run.sh found it (asking ompi_info, which is slow as it loads every MCA component):
     * given, only the jar is looked for.
     */
    public static final String LIBDIR_PROPERTY = "mse.openmpi.libdir";
    private static final String FIX = "install it with ./run.sh setup";
    /** Once per JVM: a sweep launches mpirun once per point, and the installation does not change under it. */
    private static volatile boolean installed;

    private OpenMpiInstallation() {
    }

    public static void check() {
        if (!installed) {
            check("ompi_info", System.getProperty(LIBDIR_PROPERTY, ""));
            installed = true;
        }
    }

    /** With a known libdir only the jar is looked for; otherwise `ompiInfo` says where it is. */
    static void check(String ompiInfo, String knownLibdir) {
        if (knownLibdir.isBlank()) {
            check(ompiInfo);
        } else {
            checkJar(Path.of(knownLibdir));
        }
    }

    static void check(String ompiInfo) {
        String libdir;
        try {
            Process p = new ProcessBuilder(ompiInfo, "--parsable", "--path", "libdir").redirectErrorStream(true).start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                libdir = r.lines().filter(l -> l.startsWith("path:libdir:")).map(l -> l.substring("path:libdir:".length()))
                        .findFirst().orElse(null);
            }
            p.waitFor();
        } catch (IOException e) {
            throw new LaunchException("Open MPI is not installed (" + ompiInfo + " not found): " + FIX);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted while checking the Open MPI installation");
        }
        if (libdir == null) {
            throw new LaunchException(ompiInfo + " did not report Open MPI's libdir: " + FIX);
        }
        checkJar(Path.of(libdir));
    }

    static void checkJar(Path libdir) {
        Path jar = libdir.resolve("mpi.jar");
        if (!Files.isRegularFile(jar)) {
            throw new LaunchException("Open MPI's Java bindings are missing (no " + jar + "): " + FIX);
        }
    }
}
