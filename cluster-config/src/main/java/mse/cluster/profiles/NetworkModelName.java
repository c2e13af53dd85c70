package mse.cluster.profiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Which cost model the profile's network parameters are for, the profile's {@code network { model = ... }}:
 * the emulator builds that model (emulator.model.NetworkModel.of) for the kernel, the simulator and `model rtt`.
 * A profile that names none is LogGPS, so every profile written before the key existed means what it meant; any other
 * name is a registered {@link NetworkModelKind}.
 *
 * @param spelling the profile's spelling
 */
public record NetworkModelName(String spelling) {

    /**
     * LogGPS with overheads linear in P, o = o'a + o'b P + O k (seed 001 (001_cb00b78257109af6.txt) sections 2.2-2.3):
     * the parameters L, g, G, S and the two overheads every profile carries.
     */
    public static final NetworkModelName LOGGPS = new NetworkModelName("loggps");

    /** Parses the profile's spelling; the message lists the valid ones (LogGPS first, then the registered ones). */
    public static NetworkModelName parse(String text) {
        if (text.equals(LOGGPS.spelling) || registered(text).isPresent()) {
            return new NetworkModelName(text);
        }
        List<String> names = new ArrayList<>(List.of(LOGGPS.spelling));
        ServiceLoader.load(NetworkModelKind.class).forEach(kind -> names.add(kind.name()));
        throw new IllegalArgumentException("unknown network model \"" + text + "\"; expected one of " + String.join(", ", names));
    }

    /** The registered model of this name; empty for LogGPS, which is built in. */
    public Optional<NetworkModelKind> kind() {
        return registered(spelling);
    }

    private static Optional<NetworkModelKind> registered(String name) {
        return ServiceLoader.load(NetworkModelKind.class).stream().map(ServiceLoader.Provider::get)
                .filter(kind -> kind.name().equals(name)).findFirst();
    }

    /**
     * LOGGPS, as the enum this was printed: a sweep's content hash includes the record NetworkProfile as printed
     * (experiment.SweepIdentity), so the same profile must print the same after the enum became a name.
     */
    @Override
    public String toString() {
        return spelling.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
