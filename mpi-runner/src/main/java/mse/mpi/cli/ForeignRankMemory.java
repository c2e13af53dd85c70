package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one rank of a foreign program holds in memory on this machine, so that --np is checked against the memory
 * available instead of failing half-way through mpirun's start-up. The figure is a C rank of Open MPI 4.1 with the
 * interposition library, resident set size measured on this machine (docs/interposition.md, "How many ranks").
 */
final class ForeignRankMemory {

    static final long BYTES_PER_RANK = 40L << 20;

    private ForeignRankMemory() {
    }

    /** MemAvailable from /proc/meminfo, in bytes; 0 where it cannot be read (then np is not checked). */
    static long availableBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or an unusual /proc: nothing to check against
        }
        return 0;
    }
}
