package mse.mpi.options;

import java.util.Arrays;
import mse.mpi.options.BadInputException;

/** "1,64,1K,16K,64K" -> bytes (K = 1024, M = 1024 K), positive and strictly increasing. */
public final class ByteSizes {

    private ByteSizes() {
    }

    public static long[] parse(String option, String text) {
        String[] parts = text.split(",", -1);
        long[] sizes = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            sizes[i] = one(option, parts[i].trim(), text);
            if (i > 0 && sizes[i] <= sizes[i - 1]) {
                throw new BadInputException(option + ": list sizes in increasing order without repeats, got '" + text + "'");
            }
        }
        return sizes;
    }

    public static long one(String option, String part, String whole) {
        String upper = part.toUpperCase();
        long unit = upper.endsWith("K") ? 1024 : upper.endsWith("M") ? 1024 * 1024 : 1;
        String digits = unit == 1 ? upper : upper.substring(0, upper.length() - 1);
        long value;
        try {
            value = Math.multiplyExact(Long.parseLong(digits), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new BadInputException(option + ": expected sizes in bytes like 1,64,1K,16K,64K, got '" + whole + "'");
        }
        if (value < 1 || value > 64L * 1024 * 1024) {
            throw new BadInputException(option + ": a message size must be 1 byte .. 64M, got " + part);
        }
        return value;
    }

    public static String show(long bytes) {
        return bytes % (1024 * 1024) == 0 ? bytes / (1024 * 1024) + "M" : bytes % 1024 == 0 ? bytes / 1024 + "K" : Long.toString(bytes);
    }

    public static String show(long[] sizes) {
        return String.join(",", Arrays.stream(sizes).mapToObj(ByteSizes::show).toList());
    }
}
