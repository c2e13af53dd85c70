package mse.cluster.profiles;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which cost model the profile's network parameters are for, the profile's {@code network { model = ... }}:
 * the emulator builds that model (emulator.model.NetworkModel.of) for the kernel, the simulator and `model rtt`.
 * A profile that names none is LogGPS, so every profile written before the key existed means what it meant.
 */
public enum NetworkModelName {
    /**
     * LogGPS with overheads linear in P, o = o'a + o'b P + O k (seed 001 (001_cb00b78257109af6.txt) sections 2.2-2.3):
     * the parameters L, g, G, S and the two overheads this record carries.
     */
    LOGGPS;

    /** The profile's spelling: "loggps". */
    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses the profile's spelling; the message lists the valid ones. */
    public static NetworkModelName parse(String text) {
        for (NetworkModelName model : values()) {
            if (model.spelling().equals(text)) {
                return model;
            }
        }
        throw new IllegalArgumentException("unknown network model \"" + text + "\"; expected one of "
                + Arrays.stream(values()).map(NetworkModelName::spelling).collect(Collectors.joining(", ")));
    }
}
