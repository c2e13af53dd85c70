package mse.mpi.rank;

/** Where a long run reports how far it got; the CLI draws it, tests ignore it. */
@FunctionalInterface
public interface RunProgress {

    RunProgress NONE = (done, total) -> { };

    /** done of total units (tasks) are finished. */
    void update(long done, long total);
}
