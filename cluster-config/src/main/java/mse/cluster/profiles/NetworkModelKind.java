package mse.cluster.profiles;

import java.util.Set;

/**
 * A network model a profile may name in network.model beside LogGPS, the built-in default: its spelling, the keys of
 * network { } it reads beyond LogGPS's, and the check of their values. Registered as strategies are: one line naming
 * the class in {@code META-INF/services/mse.cluster.profiles.NetworkModelKind}. The loader asks it while it reads a
 * profile, so that a bad parameter ends the command (exit 2) before anything starts; the class that registers is
 * also the emulator's way to build the model's costs (emulator.model.RegisteredNetworkModel), so this module need
 * not know them. docs/extending.md, "Adding a network model".
 */
public interface NetworkModelKind {

    /** network.model's spelling: lower case, words joined by '-'. */
    String name();

    /** The keys of network { } the model reads beyond LogGPS's; the loader refuses any other. */
    Set<String> parameterKeys();

    /** Reads the model's parameters as a run will; a bad one throws the ProfileException that {@link ModelParameters} makes. */
    void check(NetworkProfile network);
}
