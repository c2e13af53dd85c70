package mse.emulator.model;

import mse.cluster.profiles.NetworkModelKind;
import mse.cluster.profiles.NetworkProfile;

/**
 * A network model other than LogGPS, as it registers (META-INF/services/mse.cluster.profiles.NetworkModelKind): its
 * name and keys for the profile loader, and its costs among P processes for the kernel and the simulators, which
 * reach it only through {@link NetworkModel#of}. One class does both, so a model is one class and one registration
 * line; it reads its own parameters from {@link NetworkProfile#parameters()} (docs/extending.md, "Adding a network
 * model").
 */
public interface RegisteredNetworkModel extends NetworkModelKind {

    /** The model's costs for `network` among `processes` ranks; its parameters read here, by the model. */
    NetworkModel of(NetworkProfile network, int processes);

    /** The loader's check is the model's own reading of its parameters, so the two cannot disagree. */
    @Override
    default void check(NetworkProfile network) {
        of(network, 1);
    }
}
