package mse.mpi.network;

import java.util.Set;
import mse.cluster.profiles.NetworkProfile;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.RegisteredNetworkModel;

/**
 * A test-only network model with a parameter LogGPS lacks: every message also crosses a switch that holds it
 * network.switch-delay-us before it flies on (L becomes L + D), otherwise LogGPS. It is registered as any model is, one
 * line in src/test/resources/META-INF/services/mse.cluster.profiles.NetworkModelKind, and is everything that adding
 * it took: mse.mpi.cli.NetworkModelExtensionTest runs it through `emulate` and `predict` (docs/extending.md, "Adding a
 * network model").
 */
public final class SwitchedModel implements NetworkModel {

    static final String SWITCH_DELAY = "switch-delay-us";

    private final LogGpsModel logGps;
    private final long switchNanos;

    private SwitchedModel(NetworkProfile network, int processes) {
        this.logGps = new LogGpsModel(network, processes);
        this.switchNanos = Math.round(network.parameters().nonNegative(SWITCH_DELAY) * 1000.0);
    }

    /** The registration: its name, its key, and its costs, read by the model from the profile's parameters. */
    public static final class Kind implements RegisteredNetworkModel {
        @Override
        public String name() {
            return "switched";
        }

        @Override
        public Set<String> parameterKeys() {
            return Set.of(SWITCH_DELAY);
        }

        @Override
        public NetworkModel of(NetworkProfile network, int processes) {
            return new SwitchedModel(network, processes);
        }
    }

    @Override
    public int processes() {
        return logGps.processes();
    }

    @Override
    public long sendOverheadNanos(long bytes) {
        return logGps.sendOverheadNanos(bytes);
    }

    @Override
    public long recvOverheadNanos(long bytes) {
        return logGps.recvOverheadNanos(bytes);
    }

    @Override
    public long wireNanos(long bytes) {
        return latencyNanos() + transferNanos(bytes);
    }

    @Override
    public long latencyNanos() {
        return logGps.latencyNanos() + switchNanos;
    }

    @Override
    public long transferNanos(long bytes) {
        return logGps.transferNanos(bytes);
    }

    @Override
    public long interfaceNanos(long bytes) {
        return logGps.interfaceNanos(bytes);
    }

    @Override
    public boolean isSynchronous(long bytes) {
        return logGps.isSynchronous(bytes);
    }

    @Override
    public long lookaheadNanos() {
        return sendOverheadNanos(0) + wireNanos(0);
    }

    @Override
    public long burstCreditNanos() {
        return logGps.burstCreditNanos();
    }
}
