package mse.emulator.report;

import java.util.List;

/**
 * What the report shows of a run's wait states and critical path ({@link EmulatedPrediction}): the critical path
 * with its sentence, the (first) master's wait states and the other ranks' added up.
 */
public record WaitReport(CriticalPathSummary criticalPath, WaitStates master, WaitStates others) {

    /** The report's view of an analysed run; null for one that was not (a results file from before the analysis). */
    public static WaitReport of(EmulatedPrediction prediction) {
        return of(prediction.criticalPath(), prediction.breakdown().master().rank(),
                prediction.ranks().stream().map(r -> new RankWaits(r.rank(), r.waitStates())).toList());
    }

    /** The same of a predicted point's (or any) critical path and ranks' wait states; null when either is unknown. */
    public static WaitReport of(CriticalPathSummary criticalPath, int master, List<RankWaits> ranks) {
        if (criticalPath == null || ranks == null) {
            return null;
        }
        WaitStates others = new WaitStates(0, 0, 0, 0);
        WaitStates ofMaster = others;
        for (RankWaits rank : ranks) {
            if (rank.waitStates() == null) {
                return null;
            }
            if (rank.rank() == master) {
                ofMaster = rank.waitStates();
            } else {
                others = plus(others, rank.waitStates());
            }
        }
        return new WaitReport(criticalPath, ofMaster, others);
    }

    private static WaitStates plus(WaitStates a, WaitStates b) {
        return new WaitStates(a.lateSenderSeconds() + b.lateSenderSeconds(), a.lateReceiverSeconds() + b.lateReceiverSeconds(),
                a.collectiveWaitSeconds() + b.collectiveWaitSeconds(), a.queueWaitSeconds() + b.queueWaitSeconds());
    }

    /** The rows' cells after series and P, as the report's table orders them. */
    List<String> cells() {
        CriticalPathSummary p = criticalPath;
        return List.of(p.bound(), seconds(p.computeSeconds()), seconds(p.overheadSeconds()), seconds(p.networkSeconds()),
                seconds(p.waitSeconds()), seconds(master.lateSenderSeconds()), seconds(master.queueWaitSeconds()),
                seconds(others.lateSenderSeconds()), seconds(master.collectiveWaitSeconds() + others.collectiveWaitSeconds()),
                seconds(master.lateReceiverSeconds() + others.lateReceiverSeconds()));
    }

    private static String seconds(double value) {
        return String.format("%.6f", value);
    }
}
