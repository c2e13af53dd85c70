package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import mse.emulator.kernel.OffCpuTime;
import mse.emulator.kernel.RunOutcome;
import mse.emulator.kernel.RunResult;
import mse.emulator.model.TaskCost;
import org.junit.jupiter.api.Test;

/** The off-CPU warning names the rank off the CPU longest, counts the others worth a word, and is quiet below both bounds. */
class OffCpuWarningTest {

    private static RunResult with(Map<Integer, OffCpuTime> offCpu) {
        return new RunResult(new RunOutcome.Completed(), List.of(), List.of(), offCpu);
    }

    @Test
    void namesTheLongestAndCountsTheOthers() {
        Optional<String> line = OffCpuWarning.of(with(Map.of(
                1, new OffCpuTime(900_000_000, 1_000_000_000),
                2, new OffCpuTime(1_400_000_000, 1_500_000_000),
                3, new OffCpuTime(200_000_000, 1_000_000_000))));
        assertTrue(line.orElseThrow().startsWith("mse: warning: rank 2 spent 1.400 s of its 1.500 s between MPI calls off the CPU "
                + "(sleeping or waiting for I/O), and 2 other ranks over a tenth of their own, which --task-cost real does not charge"),
                line.get());
    }

    @Test
    void quietBelowATenthOrTenMilliseconds() {
        assertEquals(Optional.empty(), OffCpuWarning.of(with(Map.of(1, new OffCpuTime(90_000_000, 1_000_000_000)))));
        assertEquals(Optional.empty(), OffCpuWarning.of(with(Map.of(1, new OffCpuTime(9_000_000, 9_500_000)))));
        assertEquals(Optional.empty(), OffCpuWarning.of(with(Map.of())));
    }

    @Test
    void wallIsAMeasuredCostThatDependsOnTheLoad() {
        TaskCost wall = TaskCost.parse("wall");
        assertTrue(wall.chargesMeasuredCpu() && wall.wallClock());
        assertEquals("wall", wall.spec());
        assertEquals(false, TaskCost.parse("real").wallClock());
    }
}
