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

    private static RttCampaign.JobResult job(double smallRtt, double largeRtt) {
        return new RttCampaign.JobResult(2, new RttResult(2, 100, 1000, 1000,
                List.of(point(1, smallRtt), point(1024, largeRtt))));
    }

    private static RttResult.Point point(long size, double rtt) {
        RttResult.Percentiles p = new RttResult.Percentiles(rtt, rtt, rtt, rtt, rtt, rtt, 1000);
        return new RttResult.Point(size, p, p, p, p, 16, List.of(), 1.0);
    }
}
