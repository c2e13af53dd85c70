package mse.mpi.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A user's own MPI program, unmodified (C, C++, Fortran, or any command line whose MPI calls reach libmpi): its
 * command line as given after `--`, which ranks are its masters (each gets a MasterQueue: rank 0 unless the user
 * says), and which CPU clock charges its computation ({@link RankCpu}). It runs under mpirun with the interposition
 * library preloaded (docs/interposition.md).
 */
public record ForeignProgram(List<String> commandLine, List<Integer> masters, RankCpu rankCpu) {

    /**
     * Which CPU time is the rank's computation: the thread that called MPI_Init (what the program's MPI calls
     * bracket), or the whole process's less the interposition library's own thread (a rank computing on OpenMP
     * or pthreads workers).
     */
    public enum RankCpu {
        thread, process;

        public String spelling() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ForeignProgram {
        commandLine = List.copyOf(commandLine);
        masters = List.copyOf(masters);
        if (commandLine.isEmpty()) {
            throw new IllegalArgumentException("no program after --");
        }
        if (masters.isEmpty()) {
            throw new IllegalArgumentException("--master-ranks: at least one master rank");
        }
    }

    /**
     * Checks that the executable exists and can run (a name without a slash is looked up on PATH, as mpirun does):
     * a typo is bad input before anything starts, not a failed job.
     */
    public ForeignProgram checked() {
        String executable = commandLine.get(0);
        if (executable.contains("/")) {
            Path path = Path.of(executable);
            if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
                // A relative path is the user's: the command runs in the directory it was called from (run.sh).
                throw new IllegalArgumentException("PROGRAM: " + executable + " is not an executable file"
                        + (Files.exists(path) ? "" : " (no such file: " + path.toAbsolutePath().normalize()
                        + "; MSE's C examples are built by ./run.sh into examples/c/build/ of its checkout)"));
            }
            return this;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, executable);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return this;
            }
        }
        throw new IllegalArgumentException("PROGRAM: no executable '" + executable + "' on PATH (give its path, e.g. ./"
                + executable + ")");
    }

    /** The master ranks, each checked against np. */
    public void validate(int np) {
        for (int m : masters) {
            if (m < 0 || m >= np) {
                throw new IllegalArgumentException("--master-ranks: rank " + m + " is outside 0.." + (np - 1));
            }
        }
    }

    /** Parses --master-ranks: a comma-separated list of ranks, e.g. 0 or 0,1. */
    public static List<Integer> parseMasters(String spec) {
        List<Integer> ranks = new ArrayList<>();
        for (String part : spec.split(",")) {
            try {
                int rank = Integer.parseInt(part.trim());
                if (ranks.contains(rank)) {
                    throw new IllegalArgumentException("--master-ranks: rank " + rank + " is named twice in '" + spec + "'");
                }
                ranks.add(rank);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--master-ranks: expected ranks like 0 or 0,1, got '" + spec + "'");
            }
        }
        return ranks;
    }
}
