package mse.mpi.rank;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.actors.EmulationSession;
import mse.emulator.actors.EmulationSetup;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.emulator.timeline.TimelineSetup;
import mse.emulator.wire.EmulatorEndpoint;
import mse.emulator.wire.EmulatorLink;
import mse.emulator.wire.Hello;
import mse.mpi.comm.EmulatedComm;
import mse.mpi.comm.Message;
import mse.mpi.comm.MpiComm;

/**
 * Emulation under the user's own mpirun command line (`mpirun -np 8 java ... RankMain --emulate ...`):
 * rank 0 hosts the emulator in its JVM and hands its addresses (TCP, and its local socket for the ranks on its
 * node) and the run's token to the other ranks over MPI itself, before the program starts; every rank then
 * reports to it. At the end rank 0 waits for the report and writes the result files, as `mse emulate` would.
 */
public final class HostedEmulation {

    /**
     * A tag MSE's own programs never use, nor their collectives (32760 to 32763, Collectives.FIRST_TAG): sent before
     * the program starts, on the real MPI_COMM_WORLD. MPI guarantees tags up to at least 32767.
     */
    static final int TAG_ENDPOINT = 32767;

    private final EmulationSession session;
    private final EmulatedComm comm;
    private final TargetProfile target;
    private final TaskCost taskCost;
    private final long startNanos = System.nanoTime();

    private HostedEmulation(EmulationSession session, EmulatedComm comm, TargetProfile target, TaskCost taskCost) {
        this.session = session;
        this.comm = comm;
        this.target = target;
        this.taskCost = taskCost;
    }

    /** Called on every rank right after MPI_Init: rank 0 starts the emulator, everyone connects to it. */
    public static HostedEmulation start(MpiComm mpi, List<Integer> masters, TargetProfile target, TaskCost taskCost,
                                        String bindHost, TimelineSetup timeline) throws Exception {
        EmulationSession session = null;
        String endpoint;
        if (mpi.rank() == 0) {
            session = EmulationSession.start(new EmulationSetup(NetworkModel.of(target.network(), mpi.size()),
                    RankCpus.uniform(TargetCpu.of(target.cpu()), mpi.size()), masters, bindHost,
                    Duration.ofSeconds(Math.max(60, 4L * mpi.size())), timeline).chargingMeasuredCpu(taskCost.chargesMeasuredCpu()));
            endpoint = session.address().getHostString() + " " + session.address().getPort() + " " + session.token()
                    + " " + session.localEndpoint();
            for (int r = 1; r < mpi.size(); r++) {
                mpi.send(endpoint.getBytes(StandardCharsets.UTF_8), r, TAG_ENDPOINT);
            }
        } else {
            Message m = mpi.recv(0, TAG_ENDPOINT);
            endpoint = new String(m.data(), StandardCharsets.UTF_8);
        }
        String[] parts = endpoint.split(" ", 4);
        // Ranks on rank 0's node use the emulator's local socket, the others TCP.
        EmulatorEndpoint emulator = mpi.onNodeOf(0) ? EmulatorEndpoint.parse(parts[3])
                : EmulatorEndpoint.tcp(parts[0], Integer.parseInt(parts[1]));
        EmulatorLink link = EmulatorLink.connect(emulator, new Hello(parts[2], mpi.rank(), mpi.size()));
        return new HostedEmulation(session, new EmulatedComm(mpi, link, taskCost, target.collectives(), timeline.reportsCalls()), target, taskCost);
    }

    public EmulatedComm comm() {
        return comm;
    }

    /** Rank 0, after its program part returned and its comm closed: the report, the result files. */
    public EmulationSummary finish(RunIdentity identity, RankResult master, Path out) throws Exception {
        try (EmulationSession s = session) {
            EmulationReport report = s.report().get(60, TimeUnit.SECONDS);
            double wall = (System.nanoTime() - startNanos) / 1e9;
            RunHeader header = RunHeader.of("emulate", identity, comm.size(), target, taskCost, master, wall,
                    "user's mpirun, emulator hosted by rank 0");
            return EmulationSummary.write(out, header, master, report, null);
        }
    }

    /** Rank 0, when its program failed: stop the emulator so the other ranks are told. */
    public void abort(String reason) {
        if (session != null) {
            session.abort(reason);
            session.close();
        }
    }
}
