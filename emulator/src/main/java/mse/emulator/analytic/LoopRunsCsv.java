package mse.emulator.analytic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads runs for the seed 004 loop model from CSV: a header naming the columns (any order)
 * slaves, flops, sends, send_bytes, broadcasts, broadcast_bytes and, for fitting, seconds; one run a
 * line; blank lines and lines starting with # are skipped. Any problem is an IllegalArgumentException
 * "file:line: what", which the CLI turns into one line and exit code 2.
 */
public final class LoopRunsCsv {

    static final List<String> COUNT_COLUMNS = List.of("slaves", "flops", "sends", "send_bytes", "broadcasts", "broadcast_bytes");

    private LoopRunsCsv() {
    }

    public static List<LoopRun> read(Path file, boolean needSeconds) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parse(lines, file.toString(), needSeconds);
    }

    public static List<LoopRun> parse(List<String> lines, String source, boolean needSeconds) {
        int[] column = null;
        int width = 0;
        List<LoopRun> runs = new ArrayList<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] cells = Arrays.stream(line.split(",", -1)).map(String::strip).toArray(String[]::new);
            if (column == null) {
                column = header(cells, source, n, needSeconds);
                width = cells.length;
                continue;
            }
            if (cells.length != width) {
                throw new IllegalArgumentException(source + ":" + n + ": expected " + width + " comma-separated values like the header, got " + cells.length);
            }
            double slaves = number(cells, column[0], "slaves", source, n);
            if (slaves < 1 || slaves != Math.rint(slaves) || slaves > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(source + ":" + n + ": slaves: expected a whole number >= 1, got " + cells[column[0]]);
            }
            double seconds = column[6] < 0 ? Double.NaN : number(cells, column[6], "seconds", source, n);
            if (needSeconds && !(seconds > 0)) {
                throw new IllegalArgumentException(source + ":" + n + ": seconds: expected a time > 0, got " + cells[column[6]]);
            }
            runs.add(new LoopRun((int) slaves, number(cells, column[1], "flops", source, n), number(cells, column[2], "sends", source, n),
                    number(cells, column[3], "send_bytes", source, n), number(cells, column[4], "broadcasts", source, n),
                    number(cells, column[5], "broadcast_bytes", source, n), seconds));
        }
        if (column == null) {
            throw new IllegalArgumentException(source + ": empty; expected a header line " + String.join(",", COUNT_COLUMNS) + ",seconds");
        }
        if (runs.isEmpty()) {
            throw new IllegalArgumentException(source + ": no runs after the header");
        }
        return runs;
    }

    private static int[] header(String[] cells, String source, int n, boolean needSeconds) {
        List<String> names = Arrays.asList(cells);
        int[] column = new int[7];
        for (int i = 0; i < COUNT_COLUMNS.size(); i++) {
            column[i] = names.indexOf(COUNT_COLUMNS.get(i));
            if (column[i] < 0) {
                throw new IllegalArgumentException(source + ":" + n + ": header lacks column " + COUNT_COLUMNS.get(i)
                        + "; expected " + String.join(",", COUNT_COLUMNS) + ",seconds");
            }
        }
        column[6] = names.indexOf("seconds");
        if (needSeconds && column[6] < 0) {
            throw new IllegalArgumentException(source + ":" + n + ": header lacks column seconds (the measured time to fit)");
        }
        return column;
    }

    private static double number(String[] cells, int index, String name, String source, int n) {
        try {
            double value = Double.parseDouble(cells[index]);
            if (Double.isFinite(value) && value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(source + ":" + n + ": " + name + ": expected a number >= 0, got '" + cells[index] + "'");
    }
}
