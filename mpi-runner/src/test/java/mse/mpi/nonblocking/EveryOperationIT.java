package mse.mpi.nonblocking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.launch.MpiJob;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every collective and non-blocking operation over real Open MPI Java ranks: plain (MpiComm's native MPI_Bcast,
 * MPI_Gatherv, MPI_Reduce, MPI_Barrier, MPI_Isend/Irecv/Iprobe/Test/Wait/Waitany) and emulated under the
 * program's own mpirun (--emulate), binomial and linear; the program fails its rank on any wrong value.
 */
class EveryOperationIT {

    @TempDir
    Path tmp;

    private static final String MAIN = EveryOperationProgram.class.getName();

    @Test
    void plainOverOpenMpi() throws Exception {
        MpiJob.run(MpirunCommand.local(4, MpirunCommand.rankClasspath(), MAIN, List.of()), Duration.ofMinutes(3));
    }

    @Test
    void emulatedUnderItsOwnMpirunWithEitherCollectiveAlgorithm() throws Exception {
        Path linear = tmp.resolve("linear.conf");
        java.nio.file.Files.writeString(linear, new String(EveryOperationIT.class.getClassLoader()
                .getResourceAsStream("profiles/mpich-fast-ethernet.conf").readAllBytes()) + "mpi { collectives = linear }\n");
        for (String profile : List.of("mpich-fast-ethernet", linear.toString())) {
            Path out = tmp.resolve("out-" + profile.hashCode());
            MpiJob.run(MpirunCommand.local(4, MpirunCommand.rankClasspath(), MAIN, List.of("--emulate", "--virtual",
                    "--task-cost", "fixed:1ms", "--profile", profile, "--out", out.toString())), Duration.ofMinutes(3));
            Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
            assertEquals("[3, 2, 1]", summary.get("checksum"), "waitAny completes the earliest virtual arrival first");
        }
    }
}
