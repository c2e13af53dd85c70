package mse.mpi.apps.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.dynamic.TaskRanges;
import mse.emulator.sim.DynamicShape;
import mse.emulator.sim.FarmShape;
import mse.mpi.apps.ep.EpWorkload;
import mse.mpi.apps.mase.ImageSpec;
import mse.mpi.apps.mase.MaseJob;
import mse.mpi.apps.mase.MaseWorkload;
import org.junit.jupiter.api.Test;

/**
 * The simulators' message lengths are the lengths of the messages the program really sends: every task,
 * result, gather and DY message of MASE (uneven last block) and EP, computed and encoded by the program's
 * own code, against what FarmMessageSizes says without computing anything.
 */
class FarmMessageSizesTest {

    private static void sameAsProgram(Workload sized, Workload computed) {
        FarmShape farm = FarmMessageSizes.of(sized).staticMasters();
        DynamicShape dy = FarmMessageSizes.of(sized).dynamicMasters();
        for (int t = 0; t < computed.tasks(); t++) {
            byte[] result = computed.compute(computed.describe(t)).result();
            computed.collect(t, result);
            assertEquals(FarmMessages.withId(t, computed.describe(t)).length, farm.taskBytes(t), "task " + t);
            assertEquals(FarmMessages.withId(t, result).length, farm.resultBytes(t), "result " + t);
            assertEquals(FarmMessages.withId(t, computed.describe(t)).length, dy.taskBytes(t), "DY task " + t);
            assertEquals(new DynamicMessages.Result(t, 123, result).encode().length, dy.resultBytes(t), "DY result " + t);
        }
        int n = computed.tasks();
        assertEquals(computed.export(1, n - 1).length, farm.gatherBytes(1, n - 1));
        assertEquals(computed.export(0, 0).length, farm.gatherBytes(0, 0));
        List<TaskRanges.Range> ranges = List.of(new TaskRanges.Range(0, 2), new TaskRanges.Range(3, n));
        List<MasterEvent> log = List.of(new MasterEvent(0.5, 3, MasterEvent.SPLIT, 7, 2, 1), new MasterEvent(0.7, 3, MasterEvent.MERGE, 0, 2, 1));
        DynamicMasterState.MergeOrder merge = new DynamicMasterState.MergeOrder(2, List.of(new TaskRanges.Range(2, 3)), ranges, log);
        List<DynamicMessages.Results> results = ranges.stream()
                .map(r -> new DynamicMessages.Results(r, computed.export(r.from(), r.to()).length)).toList();
        assertEquals(new DynamicMessages.Merge(2, merge.unassigned(), results, log).encode().length, dy.mergeBytes(merge));
        assertEquals(results.stream().mapToInt(DynamicMessages.Results::bytes).sum(), dy.mergeResultsBytes(merge));
        DynamicMasterState.Reply.BecomeMaster order = new DynamicMasterState.Reply.BecomeMaster(0, 1, 3, ranges);
        assertEquals(DynamicMessages.encode(order).length, dy.becomeMasterBytes(order));
        assertEquals(DynamicMessages.rank(5).length, dy.redirectBytes());
        assertEquals(0, dy.joinBytes());
        assertEquals(0, dy.stopBytes());
    }

    @Test
    void maseSizesAreTheProgramsWithAnUnevenLastBlock() {
        ImageSpec image = new ImageSpec(13, 7, -2, 1, -1.5, 1.5, 50);
        sameAsProgram(new MaseWorkload(new MaseJob(image, 5)), new MaseWorkload(new MaseJob(image, 5)));
    }

    @Test
    void epSizesAreTheProgramsWithoutComputingATask() {
        sameAsProgram(new EpWorkload(9, 100, 3), new EpWorkload(9, 100, 3));
    }
}
