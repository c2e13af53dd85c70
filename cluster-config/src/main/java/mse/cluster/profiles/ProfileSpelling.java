package mse.cluster.profiles;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a profile spells the value of a choice key (mpi.collectives): the constant's name in lower
 * case. One rule, so that every such key reads, writes and complains the same way.
 */
final class ProfileSpelling {

    private ProfileSpelling() {
    }

    static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /** The constant spelled `text`; else a message that names `what` and lists the valid spellings. */
    static <E extends Enum<E>> E parse(Class<E> type, String text, String what) {
        for (E value : type.getEnumConstants()) {
            if (of(value).equals(text)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " \"" + text + "\"; expected one of "
                + Arrays.stream(type.getEnumConstants()).map(ProfileSpelling::of).collect(Collectors.joining(", ")));
    }
}
