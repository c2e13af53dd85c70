package mse.mpi.apps.partial;

import mse.emulator.sim.FarmShape;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.mase.TaskBlocks;

/**
 * The message lengths the farm program really sends for each application (mse.mpi.apps.farm.FarmMessages:
 * a 4-byte task id in front of the workload's bytes): MASE tasks 4 + 8 bytes (first point, length), results
 * 4 + 4 per point, gathers 4 per point; EP tasks 4 + 4, results 4 + 96, gathers 96 per task.
 */
public final class FarmShapes {

    private FarmShapes() {
    }

    public static FarmShape of(AppOptions app) {
        return switch (app.app()) {
            case mase -> mase(app.mase().job().tasks());
            case ep -> FarmShape.uniform(4 + 4, 4 + 96);
        };
    }

    static FarmShape mase(TaskBlocks blocks) {
        return new FarmShape() {
            public int taskBytes(int task) {
                return 4 + 8;
            }

            public int resultBytes(int task) {
                return 4 + 4 * blocks.length(task);
            }

            public int gatherBytes(int from, int to) {
                int end = to == 0 ? 0 : blocks.first(to - 1) + blocks.length(to - 1);
                return 4 * Math.max(0, end - blocks.first(from));
            }
        };
    }
}
