package mse.mpi.apps.strategy;

import java.util.List;
import mse.emulator.kernel.RankAccount;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;
import mse.emulator.report.LatencyHistograms;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.farm.Workload;

/**
 * {@link LockstepFarm} simulated rule for rule with the costs every simulator shares: the {@link NetworkModel}'s
 * overheads and wire, each message through the sender's outgoing and the receiver's incoming {@link NetworkInterface}
 * (docs/architecture.md, "Send and receive"), a receive at max(clock, arrival) + o_r, and each task's cost on the
 * target CPU. One message is in flight at a time, so no interface ever holds two and the order rule never decides.
 */
final class LockstepSimulator {

    private final SimulationInput in;
    private final NetworkModel network;
    private final Workload work;
    private final long[] clocks;
    private final NetworkInterface[] outgoing;
    private final NetworkInterface[] incoming;
    private long masterSend;
    private long masterReceive;
    private long masterCompute;
    private long messages;

    LockstepSimulator(SimulationInput in) {
        this.in = in;
        this.network = in.network();
        this.work = in.sizes().workload();
        int np = network.processes();
        this.clocks = new long[np];
        this.outgoing = new NetworkInterface[np];
        this.incoming = new NetworkInterface[np];
        for (int r = 0; r < np; r++) {
            outgoing[r] = network.newInterface();
            incoming[r] = network.newInterface();
        }
    }

    StrategySimulation run() {
        long sequential = 0;
        int np = network.processes();
        for (int task = 0; task < in.hostCosts().length; task++) {
            int slave = LockstepFarm.slaveOf(task, np);
            receive(slave, send(0, slave, LockstepFarm.taskMessage(work, task).length));
            long cost = in.cpu().chargeNanos(in.hostCosts()[task]);
            clocks[slave] += cost;
            sequential += cost;
            int resultBytes = LockstepFarm.resultMessageBytes(work.resultBytes(task));
            receive(0, send(slave, 0, resultBytes));
            long collect = in.cpu().chargeNanos(in.masterCosts()[task]);
            clocks[0] += collect;
            masterCompute += collect;
        }
        for (int slave = 1; slave < np; slave++) {
            receive(slave, send(0, slave, 0));
        }
        long end = 0;
        for (long clock : clocks) {
            end = Math.max(end, clock);
        }
        RankAccount master = new RankAccount(0, masterSend, masterReceive, masterCompute,
                clocks[0] - masterSend - masterReceive - masterCompute, clocks[0], true, incoming[0].busyNanos());
        return new StrategySimulation(new SimulatedRun(end, sequential, List.of(master), new LatencyHistograms(), messages), List.of());
    }

    /** A message of `bytes` from `source` to `dest` sent at source's clock: its arrival at dest. */
    private Arrival send(int source, int dest, int bytes) {
        if (network.isSynchronous(bytes)) {
            throw new StrategySimulation.Refused(TestLockstep.NAME + ": synchronous messages are not simulated");
        }
        long overhead = network.sendOverheadNanos(bytes);
        clocks[source] += overhead;
        if (source == 0) {
            masterSend += overhead;
        }
        long leave = outgoing[source].leave(clocks[source], network.interfaceNanos(bytes));
        long arrival = incoming[dest].pass(leave + network.latencyNanos(), network.interfaceNanos(bytes), network.transferNanos(bytes));
        messages++;
        return new Arrival(dest, arrival, bytes);
    }

    private void receive(int rank, Arrival message) {
        long overhead = network.recvOverheadNanos(message.bytes());
        clocks[rank] = Math.max(clocks[rank], message.nanos()) + overhead;
        if (rank == 0) {
            masterReceive += overhead;
        }
    }

    private record Arrival(int dest, long nanos, int bytes) {}
}
