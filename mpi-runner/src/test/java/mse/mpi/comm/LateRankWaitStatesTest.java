package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.analysis.CriticalPath;
import mse.emulator.analysis.RankWaitStates;
import mse.emulator.analysis.RunBounds;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.mpi.LateRankCase;
import org.junit.jupiter.api.Test;

/**
 * examples/c/late-rank.c's Java twin on Comm, ranks as threads over EmulatedComm and the real emulator: a rank late by
 * a known amount shows as the other's collective wait in the barrier and late sender after it, each equal to its
 * hand-computed value ({@link LateRankCase}); ForeignWaitStatesIT runs the C program under mpirun to the same values.
 */
class LateRankWaitStatesTest {

    private static final long LATE = 1_000_000;

    @Test
    void aLateRanksWaitsAreTheHandComputedOnes() throws Exception {
        LateRankCase expected = LateRankCase.of(LATE);
        EmulationReport report = EmulatedWorld.run(ProfileLoader.load(LateRankCase.PROFILE).network(), 2,
                CollectiveAlgorithm.BINOMIAL, new TaskCost.Fixed(LATE), 0, 0, comm -> {
                    if (comm.rank() == 1) {
                        comm.taskDone(0, 1);
                    }
                    comm.barrier();
                    if (comm.rank() == 1) {
                        comm.taskDone(1, 1);
                        comm.send(new byte[8], 0, 3);
                    } else {
                        comm.recv(Comm.ANY_SOURCE, 3);
                    }
                });
        RunBounds bounds = report.bounds().orElseThrow();
        List<RankWaitStates> waits = bounds.waitStates();
        assertEquals(expected.rank0CollectiveWait(), waits.get(0).collectiveWaitNanos());
        assertEquals(expected.rank1CollectiveWait(), waits.get(1).collectiveWaitNanos());
        assertEquals(expected.rank0LateSender(), waits.get(0).lateSenderNanos());
        assertEquals(0, waits.get(1).lateSenderNanos());
        CriticalPath path = bounds.criticalPath();
        assertEquals(expected.predicted(), report.result().predictedNanos());
        assertEquals(0, path.endRank());
        assertEquals(expected.pathCompute(), path.computeNanos());
        assertEquals(expected.pathOverhead(), path.overheadNanos());
        assertEquals(expected.pathNetwork(), path.networkNanos());
        assertEquals(0, path.waitNanos());
    }
}
