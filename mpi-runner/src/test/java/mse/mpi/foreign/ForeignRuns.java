package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mse.mpi.cli.Mse;

/**
 * What the foreign-program tests start as a user would: the test C programs (mpi-runner/src/test/c) compiled with
 * mpicc, the `mse` command in a process of its own (so that the program's stdout can be read apart from stderr), and
 * plain mpirun.
 */
final class ForeignRuns {

    /** The project's root (Maven passes it): pmpi/, examples/c/ and the test C sources are found from there. */
    static final Path ROOT = Path.of(System.getProperty("mse.project.root", "..")).toAbsolutePath().normalize();

    record Result(int exit, String stdout, String stderr) {
        String output() {
            return stdout + stderr;
        }
    }

    private ForeignRuns() {
    }

    /** Compiles mpi-runner/src/test/c/NAME.c into dir with mpicc, mse.h on the include path; returns the executable. */
    static Path compile(String name, Path dir) throws Exception {
        Path source = ROOT.resolve("mpi-runner/src/test/c/" + name + ".c");
        Path executable = dir.resolve(name);
        Result made = run(List.of("mpicc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-I",
                ROOT.resolve("pmpi/include").toString(), "-o", executable.toString(), source.toString()), Map.of(), 120);
        assertEquals(0, made.exit(), "mpicc " + source + ": " + made.output());
        return executable;
    }

    /** An example of examples/c, as ./run.sh builds it into examples/c/build. */
    static Path example(String name) {
        Path built = ROOT.resolve("examples/c/build").resolve(name);
        assertTrue(Files.isExecutable(built), built + " is not built (./run.sh test builds examples/c first)");
        return built;
    }

    /** The mse command, as ./run.sh would start it, in a process of its own. */
    static Result mse(List<String> args) throws Exception {
        return mse(args, 400);
    }

    /** The mse command, ended and failed after limitSeconds. */
    static Result mse(List<String> args, long limitSeconds) throws Exception {
        return mse(args, limitSeconds, null);
    }

    /** The mse command started in directory (null: this JVM's), as ./run.sh starts it where the user called it. */
    static Result mse(List<String> args, long limitSeconds, Path directory) throws Exception {
        return run(mseCommand(args), Map.of(), limitSeconds, directory);
    }

    /** The mse command with more in its environment, which mpirun's ranks on this host inherit. */
    static Result mse(List<String> args, Map<String, String> environment) throws Exception {
        return run(mseCommand(args), environment, 400, null);
    }

    private static List<String> mseCommand(List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dmse.classpath=" + System.getProperty("mse.classpath"),
                "-Dmse.pmpi.library=" + System.getProperty("mse.pmpi.library"), "-Dmse.otf2.writer=" + System.getProperty("mse.otf2.writer"),
                Mse.class.getName()));
        command.addAll(args);
        return command;
    }

    /** A command to its end (at most limitSeconds, else it and everything it started are killed and the test fails). */
    static Result run(List<String> command, Map<String, String> environment, long limitSeconds) throws Exception {
        return run(command, environment, limitSeconds, null);
    }

    /** A command run in directory (null: this JVM's working directory). */
    static Result run(List<String> command, Map<String, String> environment, long limitSeconds, Path directory)
            throws Exception {
        Path out = Files.createTempFile("mse-foreign", ".out");
        Path err = Files.createTempFile("mse-foreign", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            builder.environment().putAll(environment);
            Process p = builder.start();
            if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not end within " + limitSeconds + " s: "
                        + Files.readString(out) + Files.readString(err));
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
