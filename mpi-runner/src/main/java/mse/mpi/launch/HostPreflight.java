package mse.mpi.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mse.cluster.hosts.Hostfile;

/**
 * Before a multi-host job starts: every host of the hostfile must be reachable through Open MPI's launch
 * agent (OMPI_MCA_plm_rsh_agent, else ssh, as mpirun uses) and have java, Open MPI with its Java bindings
 * and every class path entry at the same path, with the ranks' compiler directives in it (UnchargedCode: an emulated
 * rank's JVM reads them at that path, so a host without them would charge its ranks' code differently, or not start
 * them); the host of rank 0 must be able to write the results
 * directory (rank 0 leaves the master's result there). The first problem found is a
 * {@link PreflightException} naming the host and the fix, instead of a job that fails half-started.
 */
public final class HostPreflight {

    private static final long TIMEOUT_SECONDS = 30;
    private static final String DONE = "preflight-done";

    private HostPreflight() {
    }

    /** Checks every host; `resultsDir` must be writable on the host of rank 0 (the first of the hostfile). */
    public static void check(Hostfile hostfile, String classpath, Path resultsDir) {
        Path directives = UnchargedCode.find(classpath).orElse(null);
        checkEach(hostfile, rankZero -> script(classpath, directives, rankZero ? resultsDir : null));
    }

    /**
     * Checks every host for a foreign program: Open MPI, the interposition library (null for a plain run) and the
     * program's executable, each at the path this machine gives it (a name without a slash: on the agent's PATH).
     */
    public static void checkForeign(Hostfile hostfile, Path library, String executable) {
        checkEach(hostfile, rankZero -> foreignScript(library, executable));
    }

    /** Runs `script` (told whether the host runs rank 0) on every host through the launch agent and judges its answer. */
    private static void checkEach(Hostfile hostfile, java.util.function.Function<Boolean, String> script) {
        List<String> agent = agent();
        for (Hostfile.Host host : hostfile.hosts()) {
            boolean rankZero = host.equals(hostfile.hosts().get(0));
            List<String> command = new ArrayList<>();
            if (HostNetwork.isThisMachine(HostNetwork.resolveHost(host, hostfile))) {
                command.addAll(List.of("sh", "-c"));
            } else {
                command.addAll(agent);
                command.add(host.name());
            }
            command.add(script.apply(rankZero));
            verdict(host, hostfile, String.join(" ", agent), run(command));
        }
    }

    /** Open MPI's rsh launch agent as mpirun will use it; ssh gets batch mode so a password prompt cannot hang us. */
    static List<String> agent() {
        String configured = System.getenv("OMPI_MCA_plm_rsh_agent");
        List<String> words = new ArrayList<>(Arrays.asList((configured == null || configured.isBlank() ? "ssh"
                : configured.split(":")[0]).trim().split("\\s+")));
        if (Path.of(words.get(0)).getFileName().toString().equals("ssh")) {
            words.addAll(1, List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=10"));
        }
        return words;
    }

    /**
     * One shell command line (ssh hands it to the remote shell as a string) that prints what is missing; `directives`
     * is the compiler directives file of this machine's class path (null: none to look for).
     */
    static String script(String classpath, Path directives, Path resultsDir) {
        StringBuilder s = new StringBuilder();
        s.append("command -v java >/dev/null 2>&1 || echo missing-java; ");
        s.append("command -v orted >/dev/null 2>&1 || echo missing-openmpi; ");
        s.append("l=$(ompi_info --parsable --path libdir 2>/dev/null | sed -n 's/^path:libdir://p'); ");
        s.append("[ -f \"$l/mpi.jar\" ] || echo \"missing-mpijar $l\"; ");
        for (String entry : classpath.split(":")) {
            if (!entry.isEmpty()) {
                String path = entry.endsWith("/*") ? entry.substring(0, entry.length() - 2) : entry;
                s.append("[ -e ").append(quoted(path)).append(" ] || echo missing-path ").append(quoted(path)).append("; ");
            }
        }
        if (directives != null) {
            String path = quoted(directives.toString());
            s.append("[ -r ").append(path).append(" ] || echo missing-directives ").append(path).append("; ");
        }
        if (resultsDir != null) {
            String dir = resultsDir.toAbsolutePath().toString();
            s.append("[ -w ").append(quoted(dir)).append(" ] || echo unwritable ").append(quoted(dir)).append("; ");
        }
        return s.append("echo ").append(DONE).toString();
    }

    /** What a foreign program's ranks need on a host, as one shell command line. */
    static String foreignScript(Path library, String executable) {
        StringBuilder s = new StringBuilder("command -v orted >/dev/null 2>&1 || echo missing-openmpi; ");
        if (library != null) {
            String path = quoted(library.toAbsolutePath().toString());
            s.append("[ -r ").append(path).append(" ] || echo missing-library ").append(path).append("; ");
        }
        if (executable.contains("/")) {
            String path = quoted(Path.of(executable).toAbsolutePath().toString());
            s.append("[ -x ").append(path).append(" ] || echo missing-program ").append(path).append("; ");
        } else {
            s.append("command -v ").append(quoted(executable)).append(" >/dev/null 2>&1 || echo missing-program ")
                    .append(quoted(executable)).append("; ");
        }
        return s.append("echo ").append(DONE).toString();
    }

    /** What the launch agent's run of a script gave: its exit code, its standard output and its standard error. */
    record Outcome(int exit, String output, String error) {}

    private static Outcome run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            var out = p.getInputStream();
            var err = p.getErrorStream();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                return new Outcome(-1, "", "no answer within " + TIMEOUT_SECONDS + " s");
            }
            return new Outcome(p.exitValue(), new String(out.readAllBytes(), StandardCharsets.UTF_8),
                    new String(err.readAllBytes(), StandardCharsets.UTF_8).trim());
        } catch (IOException e) {
            return new Outcome(-1, "", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted while checking the hosts");
        }
    }

    /** Throws the first problem the host's answer names, in one line naming the host and the fix; nothing if none. */
    static void verdict(Hostfile.Host host, Hostfile hostfile, String agent, Outcome outcome) {
        String name = "host " + host.name() + " (" + hostfile.source() + ":" + host.line() + ")";
        if (!outcome.output().contains(DONE)) {
            String[] errors = outcome.error().split("\n");
            throw new PreflightException(name + " cannot be reached: `" + agent + " " + host.name() + "` "
                    + (outcome.exit() < 0 ? "failed" : "exited with " + outcome.exit()) + ": " + errors[errors.length - 1]
                    + ". Fix: make `" + agent + " " + host.name() + " true` work without a prompt (ssh keys, known_hosts; "
                    + "OMPI_MCA_plm_rsh_agent names another agent), or remove the host from the hostfile");
        }
        for (String line : outcome.output().split("\n")) {
            String what = line.contains(" ") ? line.substring(line.indexOf(' ') + 1) : "";
            if (line.equals("missing-java")) {
                throw new PreflightException(name + " has no java on the PATH its launch agent gives: install Java 17 there");
            } else if (line.equals("missing-openmpi")) {
                throw new PreflightException(name + " has no Open MPI (orted is not on the PATH its launch agent gives): "
                        + "install Open MPI 4.1 there (./run.sh setup does)");
            } else if (line.startsWith("missing-mpijar")) {
                throw new PreflightException(name + " has Open MPI without its Java bindings (no mpi.jar in '" + what
                        + "'): run ./run.sh setup there");
            } else if (line.startsWith("missing-path")) {
                throw new PreflightException(name + " lacks the class path entry " + what + ": MSE must be at the same "
                        + "path on every host (a shared file system, or a copy built at that path)");
            } else if (line.startsWith("missing-directives")) {
                throw new PreflightException(name + " lacks the ranks' compiler directives " + what + " (which keep C2 off the "
                        + "uncharged code, docs/real-task-cost.md): MSE must be the same build at the same path on every host "
                        + "(a shared file system, or a copy built at that path by ./run.sh)");
            } else if (line.startsWith("missing-library")) {
                throw new PreflightException(name + " lacks the interposition library " + what + ": MSE must be at the same "
                        + "path on every host (a shared file system, or a copy built there by ./run.sh)");
            } else if (line.startsWith("missing-program")) {
                throw new PreflightException(name + " cannot run the program " + what + ": put it at the same path on every "
                        + "host (or on the PATH the launch agent gives)");
            } else if (line.startsWith("unwritable")) {
                throw new PreflightException(name + " runs rank 0, which writes the master's result to " + what
                        + ", but cannot write there: put --out on a file system shared with it, or list this machine "
                        + "first in the hostfile");
            }
        }
    }

    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
