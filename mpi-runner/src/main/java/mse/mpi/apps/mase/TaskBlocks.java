package mse.mpi.apps.mase;

/**
 * Tasks in assignment order: task t is the block of taskPoints consecutive row-major points starting
 * at t * taskPoints; the last block may be shorter.
 */
public record TaskBlocks(int points, int taskPoints) {

    public TaskBlocks {
        if (taskPoints < 1) {
            throw new IllegalArgumentException("task-points must be at least 1, got " + taskPoints);
        }
        if (taskPoints > points) {
            throw new IllegalArgumentException("task-points " + taskPoints + " exceeds the image's " + points + " points");
        }
    }

    public int count() {
        return (points + taskPoints - 1) / taskPoints;
    }

    public int first(int task) {
        return task * taskPoints;
    }

    public int length(int task) {
        return Math.min(taskPoints, points - first(task));
    }
}
