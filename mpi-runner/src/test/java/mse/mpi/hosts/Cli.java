package mse.mpi.hosts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mse.mpi.cli.Mse;

/** The mse command as a separate process, with the environment a user would have after `source DIR/env`. */
final class Cli {

    record Result(int exit, String output) {}

    private Cli() {
    }

    static Result run(Map<String, String> environment, List<String> args) throws Exception {
        return run(environment, List.of(), args);
    }

    static Result run(Map<String, String> environment, List<String> jvmOptions, List<String> args) throws Exception {
        Path log = Files.createTempFile("mse-cli", ".log");
        try {
            Process p = start(environment, jvmOptions, args, log);
            if (!p.waitFor(400, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("mse " + String.join(" ", args) + " did not end: " + Files.readString(log));
            }
            return new Result(p.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    static Process start(Map<String, String> environment, List<String> args, Path log) throws Exception {
        return start(environment, List.of(), args, log);
    }

    private static Process start(Map<String, String> environment, List<String> jvmOptions, List<String> args, Path log)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dmse.classpath=" + System.getProperty("mse.classpath"),
                "-Dmse.pmpi.library=" + System.getProperty("mse.pmpi.library")));
        command.addAll(jvmOptions);
        command.add(Mse.class.getName());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }
}
