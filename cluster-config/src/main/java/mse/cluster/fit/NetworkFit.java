package mse.cluster.fit;

import java.util.List;
import mse.cluster.profiles.NetworkProfile;

/**
 * The result of fitting round trips: the network profile, every measured point next to its fitted RTT,
 * notes on what could not be identified and how it was split, and which measurement gave each parameter (both go
 * into the profile file).
 */
public record NetworkFit(NetworkProfile network, List<FittedPoint> points, List<String> notes, List<String> sources) {

    public NetworkFit {
        points = List.copyOf(points);
        notes = List.copyOf(notes);
        sources = List.copyOf(sources);
    }

    /** The largest |residual| over all points, percent. */
    public double worstResidualPercent() {
        return points.stream().mapToDouble(p -> Math.abs(p.residualPercent())).max().orElse(0);
    }
}
