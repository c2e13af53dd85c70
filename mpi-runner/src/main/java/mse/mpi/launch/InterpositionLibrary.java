package mse.mpi.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import mse.emulator.model.TaskCost;

/**
 * libmse-pmpi.so, the interposition library that brings a foreign program's MPI calls to the emulator
 * (docs/interposition.md), and the environment its ranks get: preloaded by mpirun's -x for the ranks only (never
 * into mpirun itself), told where the emulator is, how tasks are charged, the profile's collective algorithm and
 * which CPU clock to read. The run's token travels in the environment and only its name is on the command line.
 */
public final class InterpositionLibrary {

    /** The system property run.sh and the build set to the built library's path. */
    public static final String PROPERTY = "mse.pmpi.library";

    private InterpositionLibrary() {
    }

    /** The project's root: the library is pmpi/build/libmse-pmpi.so under it (the C examples, examples/c/build). */
    public static Path projectRoot() {
        return path().getParent().getParent().getParent();
    }

    /** The built library; a missing one is a setup problem, said with the fix. */
    public static Path path() {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) {
            throw new LaunchException("the interposition library's path is not set (-D" + PROPERTY + "); start MSE with ./run.sh");
        }
        Path library = Path.of(configured).toAbsolutePath();
        if (!Files.isRegularFile(library)) {
            throw new LaunchException("the interposition library " + library + " is not built; ./run.sh builds it (make -C pmpi)");
        }
        return library;
    }

    /**
     * The -x settings for mpirun: NAME=value for what may be seen, the token's name alone (its value comes from
     * mpirun's own environment).
     */
    public static Map<String, String> rankSettings(String emulator, TaskCost taskCost, String collectives,
                                                   ForeignProgram.RankCpu rankCpu, boolean reportsCalls) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("LD_PRELOAD", path().toString());
        settings.put("MSE_EMULATOR", emulator);
        settings.put("MSE_TASK_COST", taskCost.spec());
        settings.put("MSE_COLLECTIVES", collectives);
        settings.put("MSE_RANK_CPU", rankCpu.spelling());
        if (reportsCalls) { // an OTF2 timeline shows each MPI call: unset, the ranks send nothing for them
            settings.put("MSE_TRACE_CALLS", "1");
        }
        return settings;
    }
}
