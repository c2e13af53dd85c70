package mse.emulator.report;

import java.util.List;
import mse.emulator.dynamic.MasterEvent;

/**
 * One configuration at one P in a results file, emulated (a run's summary.json, a sweep's points[]) or predicted
 * (predict's points[]): what the tables, the report and `compare` read of it.
 */
public interface SweepPoint {

    String strategy();

    int np();

    /** The number of masters (Pm). */
    int masters();

    /** Tasks in flight per slave when --prefetch was given, else null. */
    Integer prefetch();

    double predictedSeconds();

    double speedup();

    Breakdown breakdown();

    Latency latency();

    /** Wall-clock seconds the run (or the simulation) took. */
    double wallSeconds();

    /** The run's wait states and critical path as the report shows them; null when unknown. */
    default WaitReport waits() {
        return null;
    }

    /** Each master's breakdown and queue, when the run knows them (an emulated run); empty otherwise. */
    default List<RankBreakdown> perMaster() {
        return List.of();
    }

    /** DY's splits and merges, empty for the other strategies. */
    List<MasterEvent> masterEvents();
}
