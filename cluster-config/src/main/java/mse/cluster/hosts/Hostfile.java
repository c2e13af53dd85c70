package mse.cluster.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.cluster.profiles.ProfileException;

/**
 * An Open MPI hostfile: one host per line, `NAME [slots=N] [max_slots=M]`, `#` starts a comment. A host
 * named on several lines adds up its slots, as Open MPI does. Unlike Open MPI, which gives a line without
 * slots= as many slots as the host has cores (unknown here), MSE counts it as one slot.
 *
 * <p>MSE places the ranks itself (see {@link #placeRanks}) and hands Open MPI one line per rank (its
 * sequential mapper), so the host of every rank is known before the job starts and the summary can name it.
 */
public record Hostfile(String source, List<Host> hosts) {

    /** One host as the hostfile names it, with its slots and the line that first named it. */
    public record Host(String name, int slots, int line) {}

    public Hostfile {
        hosts = List.copyOf(hosts);
        if (hosts.isEmpty()) {
            throw new ProfileException(source + ": names no host; expected lines like `node1 slots=4`");
        }
    }

    public static Hostfile load(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException | RuntimeException e) {
            if (e instanceof ProfileException p) {
                throw p;
            }
            throw new ProfileException(file + ": cannot read the hostfile: " + e.getMessage(), e);
        }
    }

    public static Hostfile parse(String text, String source) {
        Map<String, Host> hosts = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].replaceFirst("#.*", "").trim();
            if (line.isEmpty()) {
                continue;
            }
            Host host = host(line.split("\\s+"), source + ":" + (i + 1), i + 1);
            hosts.merge(host.name(), host, (a, b) -> new Host(a.name(), a.slots() + b.slots(), a.line()));
        }
        return new Hostfile(source, new ArrayList<>(hosts.values()));
    }

    private static Host host(String[] words, String where, int line) {
        String name = words[0];
        if (name.contains("=") || !name.matches("[A-Za-z0-9._:-]+")) {
            throw new ProfileException(where + ": expected a host name or address first, got '" + name + "'");
        }
        int slots = 1;
        for (int w = 1; w < words.length; w++) {
            String[] kv = words[w].split("=", 2);
            if (kv.length != 2 || !(kv[0].equals("slots") || kv[0].equals("max_slots") || kv[0].equals("max-slots"))) {
                throw new ProfileException(where + ": '" + words[w] + "': MSE reads slots=N and max_slots=N only");
            }
            int value;
            try {
                value = Integer.parseInt(kv[1]);
            } catch (NumberFormatException e) {
                value = 0;
            }
            if (value < 1) {
                throw new ProfileException(where + ": " + kv[0] + ": expected a whole number >= 1, got '" + kv[1] + "'");
            }
            if (kv[0].equals("slots")) {
                slots = value;
            }
        }
        return new Host(name, slots, line);
    }

    public int slots() {
        return hosts.stream().mapToInt(Host::slots).sum();
    }

    /**
     * The host of each of np ranks: round-robin over the hosts in hostfile order, one rank per host per
     * round, a host taking no more ranks than its slots (Open MPI's --map-by node). Rank 0 therefore runs
     * on the first host, and two ranks already span two hosts.
     */
    public List<String> placeRanks(int np) {
        if (np > slots()) {
            throw new ProfileException(source + ": " + np + " ranks need " + np + " slots, the hostfile has " + slots()
                    + "; raise slots= or run fewer ranks");
        }
        List<String> placement = new ArrayList<>(np);
        int[] used = new int[hosts.size()];
        while (placement.size() < np) {
            for (int h = 0; h < hosts.size() && placement.size() < np; h++) {
                if (used[h] < hosts.get(h).slots()) {
                    used[h]++;
                    placement.add(hosts.get(h).name());
                }
            }
        }
        return placement;
    }
}
