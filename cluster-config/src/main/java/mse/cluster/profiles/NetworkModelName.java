package mse.cluster.profiles;

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

    /** The profile's spelling: the name in lower case. */
    public String spelling() {
        return ProfileSpelling.of(this);
    }

    /** Parses the profile's spelling; the message lists the valid ones. */
    public static NetworkModelName parse(String text) {
        return ProfileSpelling.parse(NetworkModelName.class, text, "network model");
    }
}
