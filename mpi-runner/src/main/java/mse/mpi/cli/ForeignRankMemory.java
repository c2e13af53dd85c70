package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one rank of a foreign program holds in memory on this machine, so that --np is checked against the memory
 * available instead of failing half-way through mpirun's start-up. Measured on the 2-core development machine with
 * examples/c's row-farm through the interposition library: 14.5 MB resident per rank on average at np 64 (14.2 MB at
 * np 256, which ran to the end), shared libraries counted in each; MemAvailable fell 557 MB for 64 ranks and the
 * emulator's JVM together. 16 MB a rank is the resident figure rounded up, an upper bound of what a rank takes.
 */
final class ForeignRankMemory {

    static final long BYTES_PER_RANK = 16L << 20;

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
