package mse.mpi.apps;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import mse.emulator.report.AtomicFiles;
import mse.emulator.report.Json;
import mse.mpi.apps.farm.FarmWarmUp;
import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.farm.Workload;
import mse.mpi.apps.mase.MaseSpec;
import mse.mpi.apps.mase.MaseWorkload;
import mse.mpi.comm.Comm;
import mse.mpi.rank.RankResult;
import mse.mpi.rank.RankRuntime;
import mse.mpi.rank.RankRuntimeOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The program mpirun starts on every rank. Rank 0 writes what it observed to --result-file for the
 * launcher; the data itself only ever travels over MPI. With --emulator the rank reports its timing
 * facts to the emulator (token in MSE_EMULATOR_TOKEN) and runs in virtual time.
 *
 * <p>A rank that fails prints why and exits without MPI_Finalize: mpirun then ends every other rank,
 * rather than letting them wait forever for a partner that is gone.
 */
@Command(name = "mse-rank", description = "One rank of an MSE master/slave program (started by mpirun).")
public final class RankMain implements Callable<Integer> {

    @Mixin
    AppOptions options;

    @Option(names = "--result-file", paramLabel = "FILE", description = "Where rank 0 writes its result (JSON).")
    Path resultFile;

    @Mixin
    RankRuntimeOptions runtime;

    /** The program this rank's options name. */
    public Program program() {
        return options.program();
    }

    /**
     * The launcher's own command lines are read without picocli ({@link LaunchedRank}); any other (under your own
     * mpirun, with --emulate) by picocli. A failure to start prints its stack trace and exits 1, as picocli does.
     */
    public static void main(String[] args) {
        Optional<LaunchedRank> launched = LaunchedRank.read(args);
        if (launched.isEmpty()) {
            System.exit(new CommandLine(new RankMain()).execute(args));
        }
        int status;
        try {
            LaunchedRank rank = launched.get();
            status = run(rank.program(), rank.runtime(), rank.resultFile());
        } catch (Exception e) {
            e.printStackTrace();
            status = 1;
        }
        System.exit(status);
    }

    @Override
    public Integer call() throws Exception {
        return run(program(), runtime, resultFile);
    }

    private static int run(Program program, RankRuntimeOptions runtime, Path resultFile) throws Exception {
        RankRuntime rank = RankRuntime.open(runtime, program.strategy()::masters);
        try {
            ProgramRun run = runRank(rank.comm(), program);
            // The program ends here: its result record and the launcher's result file are not the program's work.
            rank.endProgram();
            RankResult result = run.result();
            rank.finish(program.identity(rank.comm().size()), result);
            if (result != null && resultFile != null) {
                Json.write(resultFile, result);
            }
        } catch (Exception | Error e) {
            return rank.fail(e);
        }
        return 0;
    }

    /**
     * Runs this rank's part of the program: a warm-up of the farm's hot paths (uncharged), then the farm
     * between two wtime() calls. What rank 0 then checks and records (the checksum, the picture) is MSE's,
     * not the program's: {@link ProgramRun#result()} does it after the comm is closed, so it is never charged.
     */
    public static ProgramRun runRank(Comm comm, Program program) throws Exception {
        Workload work = program.workload().create();
        Strategy strategy = program.farm();
        String rehearsal = FarmWarmUp.run(comm, work, strategy);
        double start = comm.wtime();
        strategy.run(comm, work);
        double seconds = comm.wtime() - start;
        return new ProgramRun(comm.rank(), comm.size(), work, strategy, seconds, program, rehearsal);
    }

    /** One rank's finished program part. */
    public record ProgramRun(int rank, int np, Workload work, Strategy strategy, double seconds, Program program, String rehearsal) {

        /** Rank 0's result (writing --png on the way), other ranks null. */
        public RankResult result() throws java.io.IOException {
            if (rank != 0) {
                return null;
            }
            if (work instanceof MaseWorkload mase && program.workload() instanceof MaseSpec spec && spec.png() != null) {
                AtomicFiles.write(spec.png(), mase.image()::writePng);
            }
            boolean logsMasters = !strategy.events().isEmpty() || program.strategy().logsMasterEvents();
            return new RankResult(np, work.tasks(), seconds, work.checksum(), logsMasters ? strategy.events() : null, rehearsal);
        }
    }
}
