package mse.mpi.experiment;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.IVersionProvider;

/** `mse --version`: MSE, Java and Open MPI versions. */
public final class Versions implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "MSE " + mseVersion(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
            "Open MPI " + openMpiVersion(),
            "Pekko " + org.apache.pekko.Version.current(),
        };
    }

    private static String mseVersion() {
        try (var in = Versions.class.getResourceAsStream("/mse/version.properties")) {
            java.util.Properties p = new java.util.Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    private static String openMpiVersion() {
        try {
            Process p = new ProcessBuilder("ompi_info", "--parsable").redirectErrorStream(true).start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                String version = "not found";
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("ompi:version:full:")) {
                        version = line.substring("ompi:version:full:".length());
                    }
                }
                p.waitFor();
                return version;
            }
        } catch (Exception e) {
            return "not installed (./run.sh setup installs it)";
        }
    }
}
