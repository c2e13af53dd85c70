package mse.mpi.cli;

import java.util.List;
import mse.mpi.launch.ForeignProgram;
import mse.mpi.options.BadInputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;

/**
 * A foreign program's command line (everything after `--`: `emulate --np 4 -- ./farm 512`) and how it is emulated:
 * shared by emulate and run. MSE's own workload options describe MSE's programs, so with a foreign program they are
 * bad input rather than silently ignored.
 */
final class ForeignProgramOptions {

    /** Besides the workload mixin's options (`app`), the one that runs MSE's own programs as threads. */
    private static final String LOCAL = "--local";

    @Parameters(paramLabel = "PROGRAM", arity = "0..*",
            description = "After --: your own MPI program and its arguments (C, C++, Fortran), run unmodified with "
                    + "the interposition library preloaded; MSE's options go before --.")
    List<String> commandLine;

    @Mixin
    ForeignRankOptions ranks;

    boolean given() {
        return commandLine != null && !commandLine.isEmpty();
    }

    /** The program, checked (bad input, exit 2, before anything starts); options that only a program takes refused without one. */
    ForeignProgram program(CommandSpec spec, int np) {
        var parsed = spec.commandLine().getParseResult();
        if (!given()) {
            for (String option : List.of("--master-ranks", "--rank-cpu")) {
                if (parsed.hasMatchedOption(option)) {
                    throw new BadInputException(option + " is for a program of your own, given after --");
                }
            }
            return null;
        }
        if (!parsed.originalArgs().contains("--")) {
            throw new BadInputException("put your program after --, e.g. ./run.sh " + spec.name() + " --np 4 -- "
                    + String.join(" ", commandLine) + " (unknown argument '" + commandLine.get(0) + "' otherwise)");
        }
        List<String> workload = new java.util.ArrayList<>(spec.mixins().get("app").options().stream()
                .map(option -> option.longestName()).toList());
        workload.add(LOCAL);
        for (String option : workload) {
            if (spec.findOption(option) != null && parsed.hasMatchedOption(option)) {
                throw new BadInputException(option + " describes MSE's own programs; it cannot go with a program of your own ("
                        + commandLine.get(0) + ")");
            }
        }
        ForeignProgram program = BadInputException.check(() -> ranks.of(commandLine).checked());
        BadInputException.check(() -> program.validate(np));
        return program;
    }
}
