package mse.mpi.apps.mase;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mse.mpi.apps.WorkloadSpec;
import mse.mpi.apps.farm.Workload;

/** A MASE problem (--app mase) and where rank 0 writes its picture (png, or null). */
public record MaseSpec(MaseJob job, Path png) implements WorkloadSpec {

    public static final String APP = "mase";

    @Override
    public String app() {
        return APP;
    }

    @Override
    public int tasks() {
        return job.tasks().count();
    }

    @Override
    public Workload create() {
        return new MaseWorkload(job);
    }

    /** The same image cut into tasks of `points` points. */
    public MaseSpec withTaskPoints(int points) {
        return new MaseSpec(new MaseJob(job.image(), points), png);
    }

    @Override
    public List<String> toArgs() {
        ImageSpec i = job.image();
        List<String> args = new ArrayList<>(List.of("--image", i.width() + "x" + i.height(),
                "--region", i.xmin() + "," + i.xmax() + "," + i.ymin() + "," + i.ymax(),
                "--max-iter", Integer.toString(i.maxIter()), "--task-points", Integer.toString(job.taskPoints())));
        if (png != null) {
            args.add("--png");
            args.add(png.toAbsolutePath().toString());
        }
        return args;
    }

    @Override
    public String describe() {
        return "MASE " + job.image().width() + "x" + job.image().height() + ", " + job.taskPoints() + " points per task";
    }

    /**
     * Rejects an image the master cannot hold in a heap of heapBytes: it keeps 4 bytes per point (the escape
     * counts) and, with --png, an RGB raster of 4 more plus the encoded file; a quarter of the heap is left to the
     * JVM, the task farm and the emulator. The message names the largest square image that fits.
     */
    @Override
    public void checkFitsHeap(long heapBytes) {
        long perPoint = png == null ? 4 : 12;
        long usable = heapBytes / 4 * 3 - (8L << 20);
        long maxPoints = Math.max(0, usable / perPoint);
        ImageSpec i = job.image();
        long points = (long) i.width() * i.height();
        if (points > maxPoints) {
            long side = (long) Math.floor(Math.sqrt((double) maxPoints));
            throw new IllegalArgumentException("--image: " + i.width() + "x" + i.height() + " needs about "
                    + (points * perPoint >> 20) + " MiB on the master" + (png == null ? "" : " (with --png)") + "; its heap of "
                    + (heapBytes >> 20) + " MiB holds at most " + maxPoints + " points, e.g. " + side + "x" + side);
        }
    }
}
