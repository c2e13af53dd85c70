package mse.emulator.kernel;

/** How the emulated run stands or ended. */
public sealed interface RunOutcome {

    default boolean isOver() {
        return !(this instanceof Running);
    }

    /** In words, for Abort replies and the CLI. */
    String reason();

    /** Some rank has not finished yet. */
    record Running() implements RunOutcome {
        @Override
        public String reason() {
            return "running";
        }
    }

    /** Every rank sent Finished. */
    record Completed() implements RunOutcome {
        @Override
        public String reason() {
            return "completed";
        }
    }

    /** Every live rank blocked with nothing grantable; the run ends non-zero. */
    record Deadlocked(DeadlockReport report) implements RunOutcome {
        @Override
        public String reason() {
            return report.toString();
        }
    }

    /** A rank reported a failure; the run ends with its reason. */
    record Failed(int rank, String cause) implements RunOutcome {
        @Override
        public String reason() {
            return "rank " + rank + " failed: " + cause;
        }
    }
}
