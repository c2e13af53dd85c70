package mse.mpi.apps.mase;

/** One MASE problem: what to compute and how it is cut into tasks. */
public record MaseJob(ImageSpec image, int taskPoints) {

    public MaseJob {
        new TaskBlocks(image.points(), taskPoints);
    }

    public TaskBlocks tasks() {
        return new TaskBlocks(image.points(), taskPoints);
    }
}
