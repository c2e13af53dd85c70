package mse.mpi.experiment;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.IVersionProvider;

/** `mse --version`: MSE, Java and Open MPI versions. */
public final class Versions implements IVersionProvider {

    private static final Pattern OPEN_MPI_VERSION = Pattern.compile("Open MPI v(\\S+)");

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

    /** `ompi_info --version` answers at once ("Open MPI v4.1.4"); its full listing loads every MCA component (0.2 s). */
    private static String openMpiVersion() {
        try {
            Process p = new ProcessBuilder("ompi_info", "--version").redirectErrorStream(true).start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String version = r.lines().map(OPEN_MPI_VERSION::matcher).filter(Matcher::matches).map(m -> m.group(1))
                        .findFirst().orElse("not found");
                p.waitFor();
                return version;
            }
        } catch (Exception e) {
            return "not installed (./run.sh setup installs it)";
        }
    }
}
