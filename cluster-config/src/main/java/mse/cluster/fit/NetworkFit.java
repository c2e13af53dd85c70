package mse.cluster.fit;

import java.util.List;
import mse.cluster.profiles.NetworkProfile;

/**
 * The result of fitting round trips: the network profile, every measured point next to its fitted RTT,
 * and notes on what could not be identified and how it was split (they go into the profile file).
 */
public record NetworkFit(NetworkProfile network, List<FittedPoint> points, List<String> notes) {

    public NetworkFit {
        points = List.copyOf(points);
        notes = List.copyOf(notes);
    }

    /** The largest |residual| over all points, percent. */
    public double worstResidualPercent() {
        return points.stream().mapToDouble(p -> Math.abs(p.residualPercent())).max().orElse(0);
    }
}
