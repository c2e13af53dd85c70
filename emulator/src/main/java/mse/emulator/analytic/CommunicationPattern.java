package mse.emulator.analytic;

/**
 * Communication estimates of seed 003 (003_ec3f60940133b62f.txt) on a p-processor mesh, in microseconds,
 * for L packets per processor, as section 3.2 states them with b = h = sqrt(p) written out:
 * one-to-all and all-to-one: s + h + L r (p + (p - 1)/b + h); one-to-one (permutation routing, section
 * 3.1): s + h + L r (2 + h + b), where the paper's 2 sqrt(p) is read as latency plus bisection ("bisection
 * width = average latency = O(sqrt p)"). Section 2.1 gives one-to-all as s(p - 1) + h + ceil(L/l)(p +
 * (p-1)/b + h) instead; section 3.2's worked figures (291.924 ms) follow the form used here.
 */
public enum CommunicationPattern {
    ONE_TO_ALL("one-to-all"),
    ONE_TO_ONE("one-to-one"),
    ALL_TO_ONE("all-to-one");

    private final String label;

    CommunicationPattern(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static CommunicationPattern of(String label) {
        for (CommunicationPattern p : values()) {
            if (p.label.equals(label)) {
                return p;
            }
        }
        return null;
    }

    /** e_comm in microseconds for `bytes` per processor. */
    public double micros(MeshNetwork mesh, double bytes) {
        double p = mesh.processors();
        double h = mesh.latency();
        double b = mesh.bisection();
        double lr = mesh.packets(bytes) * mesh.packetMicros();
        return switch (this) {
            case ONE_TO_ALL, ALL_TO_ONE -> mesh.setupMicros() + h + lr * (p + (p - 1) / b + h);
            case ONE_TO_ONE -> mesh.setupMicros() + h + lr * (2 + h + b);
        };
    }
}
