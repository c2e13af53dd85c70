package mse.mpi.apps.farm;

import java.util.List;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.dynamic.MasterEvent;
import mse.mpi.comm.Comm;

/**
 * DY (seed 001, section 3.2): starts as SI; a master whose slaves wait too long for their next task
 * splits its tasks and slaves in two and makes one of its slaves a secondary master, which may split
 * again up to --max-depth and merges back when its tasks are done (or, with --merge-wait, when its
 * slaves hardly wait). Rank 0 ends with every result and the log of every split and merge.
 */
public final class DynamicMasters implements Strategy {

    private final DynamicSettings settings;
    private final int prefetch;
    /** Written by rank 0 only; volatile because LocalWorld tests share one instance between rank threads. */
    private volatile List<MasterEvent> events = List.of();

    /** Seed 001's DY: one task per slave at a time. */
    public DynamicMasters(DynamicSettings settings) {
        this(settings, 1);
    }

    /** DY whose masters keep `prefetch` tasks in flight per slave (DynamicMasterState). */
    public DynamicMasters(DynamicSettings settings, int prefetch) {
        Strategy.checkPrefetch(prefetch);
        this.settings = settings;
        this.prefetch = prefetch;
    }

    /** Tasks a master keeps in flight per slave (--prefetch K); 1 is seed 001's farm. */
    public int prefetch() {
        return prefetch;
    }

    public DynamicSettings settings() {
        return settings;
    }

    @Override
    public void run(Comm comm, Workload work) {
        if (comm.rank() == 0) {
            events = DynamicMaster.serveRoot(comm, work, settings, prefetch);
        } else {
            DynamicSlave.serve(comm, work, settings, prefetch);
        }
    }

    @Override
    public List<MasterEvent> events() {
        return events;
    }
}
