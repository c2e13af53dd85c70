package mse.mpi.apps.strategy;

import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.mpi.apps.farm.FarmMessageSizes;

/**
 * What the fast path gives a strategy's simulation: the target's network at P and CPU, the program's message
 * sizes, the tasks in flight per slave (--prefetch), each task's host CPU (hostCosts[t]) and the master's CPU for its
 * result (masterCosts[t], a live trace's masterCpuNanos, else 0), whether to record latency histograms, who is told every
 * charge and message, and whether the run's analysis keeps its critical path's stretches (for an OTF2 archive to mark).
 */
public record SimulationInput(NetworkModel network, TargetCpu cpu, FarmMessageSizes sizes, int prefetch, long[] hostCosts,
                              long[] masterCosts, boolean recordLatency, KernelObserver observer, boolean keepsCriticalStretches) {
}
