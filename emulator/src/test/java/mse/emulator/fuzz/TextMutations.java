package mse.emulator.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Mutated versions of a valid file, as a user's editor or a truncated copy produces them: lines deleted,
 * duplicated, swapped or garbled, characters replaced by random ones (bytes decoded as UTF-8, so invalid
 * sequences become U+FFFD), random bytes inserted, the text cut short.
 */
/** A copy of cluster-config's test helper (test classes do not cross modules). */
public final class TextMutations {

    private static final String NASTY = "{}[]=:,\"'$?#/\\ \t\n-+.eE0123456789abc";

    private TextMutations() {
    }

    /** Up to `rounds` random mutations of `valid`, chosen by a jqwik-shrinkable seed. */
    public static Arbitrary<String> of(String valid, int rounds) {
        return Arbitraries.longs().map(seed -> mutate(valid, new Random(seed), rounds));
    }

    static String mutate(String valid, Random random, int rounds) {
        List<String> lines = new ArrayList<>(Arrays.asList(valid.split("\n", -1)));
        int n = 1 + random.nextInt(rounds);
        for (int i = 0; i < n && !lines.isEmpty(); i++) {
            int at = random.nextInt(lines.size());
            switch (random.nextInt(7)) {
                case 0 -> lines.remove(at);
                case 1 -> lines.add(at, lines.get(at));
                case 2 -> lines.set(at, garble(lines.get(at), random));
                case 3 -> lines.add(at, randomBytes(random));
                case 4 -> {
                    int other = random.nextInt(lines.size());
                    String swap = lines.get(at);
                    lines.set(at, lines.get(other));
                    lines.set(other, swap);
                }
                case 5 -> lines.set(at, lines.get(at).substring(0, random.nextInt(lines.get(at).length() + 1)));
                default -> lines.set(at, lines.get(at) + NASTY.charAt(random.nextInt(NASTY.length())));
            }
        }
        String text = String.join("\n", lines);
        return random.nextInt(8) == 0 ? text.substring(0, random.nextInt(text.length() + 1)) : text;
    }

    private static String garble(String line, Random random) {
        if (line.isEmpty()) {
            return String.valueOf(NASTY.charAt(random.nextInt(NASTY.length())));
        }
        StringBuilder b = new StringBuilder(line);
        int changes = 1 + random.nextInt(3);
        for (int i = 0; i < changes; i++) {
            b.setCharAt(random.nextInt(b.length()), NASTY.charAt(random.nextInt(NASTY.length())));
        }
        return b.toString();
    }

    private static String randomBytes(Random random) {
        byte[] bytes = new byte[random.nextInt(40)];
        random.nextBytes(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
