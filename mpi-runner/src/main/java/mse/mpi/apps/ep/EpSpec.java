package mse.mpi.apps.ep;

import java.util.List;
import mse.mpi.apps.WorkloadSpec;
import mse.mpi.apps.farm.Workload;

/** An EP problem (--app ep): tasks of `pairs` random pairs drawn from seeds derived from `seed`. */
public record EpSpec(int tasks, int pairs, long seed) implements WorkloadSpec {

    public static final String APP = "ep";

    public EpSpec {
        EpWorkload.check(tasks, pairs);
    }

    @Override
    public String app() {
        return APP;
    }

    @Override
    public Workload create() {
        return new EpWorkload(tasks, pairs, seed);
    }

    @Override
    public List<String> toArgs() {
        return List.of("--ep-tasks", Integer.toString(tasks), "--ep-pairs", Integer.toString(pairs), "--ep-seed", Long.toString(seed));
    }

    @Override
    public String describe() {
        return "EP " + tasks + " tasks of " + pairs + " pairs";
    }
}
