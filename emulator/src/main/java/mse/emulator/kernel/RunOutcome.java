package mse.emulator.kernel;

/** How the emulated run stands or ended. */
public sealed interface RunOutcome {

    default boolean isOver() {
        return !(this instanceof Running);
    }

    /** Some rank has not finished yet. */
    record Running() implements RunOutcome {}

    /** Every rank sent Finished. */
    record Completed() implements RunOutcome {}

    /** Every live rank blocked with nothing grantable; the run ends non-zero. */
    record Deadlocked(DeadlockReport report) implements RunOutcome {}

    /** A rank reported a failure; the run ends with its reason. */
    record Failed(int rank, String reason) implements RunOutcome {}
}
