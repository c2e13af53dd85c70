package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one rank of a foreign program holds in memory on this machine, so that --np is checked against the memory
 * available instead of failing half-way through mpirun's start-up. The figure is what examples/c's row-farm through
 * the interposition library held resident per rank at np 64 and 256, shared libraries counted in each, rounded up:
 * an upper bound of what a rank takes (the fall of MemAvailable over a whole run agreed with it).
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
