package mse.cluster.grid;

import java.util.List;

/**
 * A network resource of a grid and its work capacity W_Net in tasks per second (seed 002
 * (002_a91b5601aca36903.txt) section 3, eq. 8: W_Net = BW_Net / Size_TaskXfer). A local network
 * (`connects` empty) holds hosts; a link (`connects` names local networks) joins them, as in the
 * paper's ENV logical view: clusters on local networks joined by a layer of non-local links.
 */
public record GridNetwork(String name, double capacity, List<String> connects) {

    public GridNetwork {
        connects = List.copyOf(connects);
    }

    public boolean isLink() {
        return !connects.isEmpty();
    }
}
