package mse.cluster.profiles;

/**
 * A target network in LogGPS terms (seed 001 (001_cb00b78257109af6.txt) section 2.2): latency L, gap g,
 * gap per byte G, synchronous threshold S, and separate send and receive overheads that grow linearly with
 * the number of processes P (section 2.3, Table 2). All times are microseconds, as the paper states them;
 * the emulator converts them once to integer nanoseconds.
 *
 * @param name               short name of the profile, e.g. "mpich-fast-ethernet"
 * @param source             where the numbers come from (paper and table, or a calibration run)
 * @param latencyMicros      L: wire latency of a message
 * @param gapMicros          g: kept for completeness; the paper folds it into o (section 3)
 * @param gapPerByteMicros   G: time per byte on the wire
 * @param syncThresholdBytes S: messages of at least S bytes are synchronous; 0 = every message is eager
 * @param sendOverhead       o for MPI_Send
 * @param recvOverhead       o for MPI_Recv
 * @param model              the cost model these parameters are for (network.model; LogGPS when a profile names none)
 * @param burstBytes         B: bytes a link idle long enough passes at once, as a token bucket of that depth does
 *                           (network.burst-bytes; 0, the default, = plain LogGP); see mse.emulator.model.NetworkInterface
 * @param parameters         the model's own parameters, the keys of network { } beyond these (none for LogGPS): the
 *                           model reads them itself ({@link NetworkModelKind})
 */
public record NetworkProfile(
        String name,
        String source,
        double latencyMicros,
        double gapMicros,
        double gapPerByteMicros,
        long syncThresholdBytes,
        Overhead sendOverhead,
        Overhead recvOverhead,
        NetworkModelName model,
        long burstBytes,
        ModelParameters parameters) {

    public NetworkProfile {
        if (burstBytes < 0) {
            throw new IllegalArgumentException("burst-bytes cannot be negative: " + burstBytes);
        }
    }

    /** A network of the given model with no parameters beyond these. */
    public NetworkProfile(String name, String source, double latencyMicros, double gapMicros, double gapPerByteMicros,
                          long syncThresholdBytes, Overhead sendOverhead, Overhead recvOverhead, NetworkModelName model,
                          long burstBytes) {
        this(name, source, latencyMicros, gapMicros, gapPerByteMicros, syncThresholdBytes, sendOverhead, recvOverhead,
                model, burstBytes, ModelParameters.NONE);
    }

    /** A network of the given model whose links pass no burst (B = 0). */
    public NetworkProfile(String name, String source, double latencyMicros, double gapMicros, double gapPerByteMicros,
                          long syncThresholdBytes, Overhead sendOverhead, Overhead recvOverhead, NetworkModelName model) {
        this(name, source, latencyMicros, gapMicros, gapPerByteMicros, syncThresholdBytes, sendOverhead, recvOverhead,
                model, 0);
    }

    /** The same network whose idle links pass `bytes` at once. */
    public NetworkProfile withBurstBytes(long bytes) {
        return new NetworkProfile(name, source, latencyMicros, gapMicros, gapPerByteMicros, syncThresholdBytes,
                sendOverhead, recvOverhead, model, bytes, parameters);
    }

    /** A LogGPS network, the model of every profile that names none. */
    public NetworkProfile(String name, String source, double latencyMicros, double gapMicros, double gapPerByteMicros,
                          long syncThresholdBytes, Overhead sendOverhead, Overhead recvOverhead) {
        this(name, source, latencyMicros, gapMicros, gapPerByteMicros, syncThresholdBytes, sendOverhead, recvOverhead,
                NetworkModelName.LOGGPS);
    }

    /**
     * o(P, k) = o'a + o'b * P + O * k (seed 001 section 2.3). The P term models MPICH's linear search over
     * P - 1 sockets in select(); it is what makes the master saturate on large P.
     */
    public record Overhead(double baseMicros, double perProcessMicros, double perByteMicros) {

        /** The overhead in microseconds for a message of `bytes` bytes among `processes` processes. */
        public double micros(int processes, long bytes) {
            return baseMicros + perProcessMicros * processes + perByteMicros * bytes;
        }
    }
}
