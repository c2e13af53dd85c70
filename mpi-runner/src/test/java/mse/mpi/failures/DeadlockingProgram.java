package mse.mpi.failures;

import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.comm.Comm;
import mse.mpi.rank.RankRuntime;
import mse.mpi.rank.RankRuntimeOptions;
import mse.mpi.rank.RunIdentity;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/** A program with a bug: every rank waits for a message nobody sends. The emulator must say so and end it. */
public final class DeadlockingProgram implements Callable<Integer> {

    @Mixin
    RankRuntimeOptions runtime;

    public static void main(String[] args) {
        System.exit(new CommandLine(new DeadlockingProgram()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        RankRuntime rank = RankRuntime.open(runtime, np -> List.of(0));
        try {
            rank.comm().recv(Comm.ANY_SOURCE, 7);
            rank.finish(new RunIdentity("deadlock", "none", 1, "waits forever"), null);
            return 0;
        } catch (Exception | Error e) {
            return rank.fail(e);
        }
    }
}
