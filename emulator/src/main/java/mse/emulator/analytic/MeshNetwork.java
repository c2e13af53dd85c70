package mse.emulator.analytic;

/**
 * The communication parameters of a p-processor machine, seed 003 (003_ec3f60940133b62f.txt) section 3:
 * setup time s of a send, transfer time r of one packet, packet length l in bytes, latency h (average
 * distance) and bisection width b. On a square mesh b = h = sqrt(p) (section 3.2), the defaults.
 */
public record MeshNetwork(int processors, double setupMicros, double packetMicros, double packetBytes,
                          double latency, double bisection) {

    public static MeshNetwork squareMesh(int processors, double setupMicros, double packetMicros, double packetBytes) {
        double side = Math.sqrt(processors);
        return new MeshNetwork(processors, setupMicros, packetMicros, packetBytes, side, side);
    }

    /** L: packets needed for `bytes`, ceil(bytes / l). */
    public double packets(double bytes) {
        return Math.ceil(bytes / packetBytes);
    }
}
