package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import mse.mpi.apps.rtt.RttResult;
import org.junit.jupiter.api.Test;

class RttCampaignTest {

    @Test
    void keepsEachSizesFastestPointWithItsOwnJobsSendAndReceiveTimes() {
        RttCampaign.JobResult slow = job(11.5, 12.2);
        RttCampaign.JobResult fast = job(8.6, 9.2);
        RttCampaign.JobResult mixed = job(8.5, 14.0); // the machine changed its pace within the job
        RttCampaign.JobResult kept = RttCampaign.fastest(List.of(slow, fast, mixed));
        assertSame(mixed.points().get(0), kept.points().get(0));
        assertSame(fast.points().get(1), kept.points().get(1));
        assertEquals(2, kept.np());
        assertEquals(slow.points(), RttCampaign.fastest(List.of(slow)).points());
    }

    @Test
    void takesTheTrainsOfTheJobWhoseMedianGapWasLeast() {
        RttResult.Percentiles quick = percentiles(8.6);
        RttResult.Percentiles slowTrains = percentiles(300);
        RttResult.Percentiles steadyTrains = percentiles(90);
        List<RttResult.Phase> phases = List.of(new RttResult.Phase("round trips", 500, 0.9, "stable", 1),
                new RttResult.Phase("arrived receives", 100, 0.9, "stable", 1), new RttResult.Phase("trains", 9, 40.0, "time budget", 2));
        RttResult.Percentiles slowIdle = percentiles(2_000);
        RttResult.Percentiles steadyIdle = percentiles(1_300);
        RttResult.Point a = new RttResult.Point(1024, quick, quick, quick, slowTrains, 1024,
                List.of(phases.get(0), phases.get(1), phases.get(2), new RttResult.Phase("idle trains", 50, 3.0, "time budget", 1)),
                4.0, slowIdle, 16);
        RttResult.Point b = new RttResult.Point(1024, percentiles(12), quick, quick, steadyTrains, 1024,
                List.of(phases.get(0), phases.get(1), new RttResult.Phase("trains", 60, 0.8, "stable", 5),
                        new RttResult.Phase("idle trains", 90, 0.9, "stable", 1)), 7.0, steadyIdle, 16);
        RttResult.Point kept = RttCampaign.fastest(List.of(jobOf(a), jobOf(b))).points().get(0);
        assertSame(quick, kept.rttMicros());
        assertSame(steadyTrains, kept.gapMicros());
        assertSame(steadyIdle, kept.idleTrainMicros(), "the idle trains go with the trains whose G they are read against");
        assertEquals(List.of("stable", "stable", "stable", "stable"), kept.phases().stream().map(RttResult.Phase::stop).toList());
        assertEquals(60, kept.phases().get(2).samples());
        assertEquals(90, kept.phases().get(3).samples());
        assertEquals(11.0, kept.seconds());
    }

    private static RttCampaign.JobResult jobOf(RttResult.Point point) {
        return new RttCampaign.JobResult(2, new RttResult(2, 100, 1000, 1000, List.of(point)));
    }

    private static RttResult.Percentiles percentiles(double micros) {
        return new RttResult.Percentiles(micros, micros, micros, micros, micros, micros, 1000);
    }

    private static RttCampaign.JobResult job(double smallRtt, double largeRtt) {
        return new RttCampaign.JobResult(2, new RttResult(2, 100, 1000, 1000,
                List.of(point(1, smallRtt), point(1024, largeRtt))));
    }

    private static RttResult.Point point(long size, double rtt) {
        RttResult.Percentiles p = percentiles(rtt);
        return new RttResult.Point(size, p, p, p, p, 16, List.of(), 1.0, p, 16);
    }
}
