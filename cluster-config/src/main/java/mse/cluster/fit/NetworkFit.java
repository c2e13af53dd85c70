package mse.cluster.fit;

import java.util.ArrayList;
import java.util.List;
import mse.cluster.profiles.NetworkProfile;

/**
 * The result of fitting round trips: the network profile, every measured point next to its fitted RTT,
 * notes on what could not be identified and how it was split, and which measurement gave each parameter (both go
 * into the profile file), and the message sizes whose trains ran at the link's rate (link-bound and below any protocol
 * switch the trains showed, smallest first: the largest gave G and gives the burst B).
 */
public record NetworkFit(NetworkProfile network, List<FittedPoint> points, List<String> notes, List<String> sources,
                         List<Long> linkRateSizes) {

    public NetworkFit {
        points = List.copyOf(points);
        notes = List.copyOf(notes);
        sources = List.copyOf(sources);
        linkRateSizes = List.copyOf(linkRateSizes);
    }

    /** The same fit with the link's burst B, which another measurement gave, said where it came from. */
    public NetworkFit withBurst(long bytes, String source, List<String> moreNotes) {
        List<String> allNotes = new ArrayList<>(notes);
        allNotes.addAll(moreNotes);
        List<String> allSources = new ArrayList<>(sources);
        allSources.add(source);
        return new NetworkFit(network.withBurstBytes(bytes), points, allNotes, allSources, linkRateSizes);
    }

    /** The same fit with other fitted round trips beside the measured ones (what the model itself makes of them). */
    public NetworkFit withPoints(List<FittedPoint> fittedPoints) {
        return new NetworkFit(network, fittedPoints, notes, sources, linkRateSizes);
    }

    /** The largest |residual| over all points, percent. */
    public double worstResidualPercent() {
        return points.stream().mapToDouble(p -> Math.abs(p.residualPercent())).max().orElse(0);
    }
}
