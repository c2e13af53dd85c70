package mse.mpi.options;

import java.util.ArrayList;
import java.util.List;
import mse.mpi.options.BadInputException;

/** "2,4,8" -> [2, 4, 8]: positive, at least 2, strictly increasing; anything else names the option (--np unless said). */
public final class NpList {

    private NpList() {
    }

    public static List<Integer> parse(String text) {
        return parse("--np", text);
    }

    /** The same for the option `option`, which an error names. */
    public static List<Integer> parse(String option, String text) {
        List<Integer> nps = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            int np;
            try {
                np = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                throw new BadInputException(option + ": expected a comma-separated list of integers like 2,4,8, got '" + text + "'");
            }
            if (np < 2) {
                throw new BadInputException(option + ": every P must be at least 2 (a master and a slave), got " + np);
            }
            if (!nps.isEmpty() && np <= nps.get(nps.size() - 1)) {
                throw new BadInputException(option + ": list P in increasing order without repeats, got '" + text + "'");
            }
            nps.add(np);
        }
        return nps;
    }
}
