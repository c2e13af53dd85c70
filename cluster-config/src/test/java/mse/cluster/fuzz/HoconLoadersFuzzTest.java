package mse.cluster.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import mse.cluster.grid.GridLoader;
import mse.cluster.profiles.ProfileException;
import mse.cluster.profiles.ProfileLoader;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random and mutated HOCON never escapes the loaders as anything but a {@link ProfileException} with a one-line
 * message naming the source: no NullPointerException, ClassCastException, NumberFormatException or stack
 * overflow reaches the user (the CLI maps ProfileException to one line and exit code 2).
 */
class HoconLoadersFuzzTest {

    private static final String SOURCE = "fuzz.conf";

    static final String GRID = """
            grid {
              task-transfer-bytes = 40000
              networks = [
                { name = lan1, capacity = 900 }
                { name = lan2, bandwidth = 16000000 }
                { name = wan, capacity = 120, connects = [lan1, lan2] }
              ]
              hosts = [
                { name = n1, network = lan1, w-slave = 35, w-master = 300 }
                { name = n2, network = lan2, slave-task-seconds = 0.02, master-task-seconds = 0.004, availability = 0.9 }
                { name = n3, network = lan1, w-slave = 35, w-master = 300 }
              ]
            }
            """;

    @Property(tries = 400)
    void mutatedProfilesFailCleanly(@ForAll("mutatedProfiles") String text) {
        loadsOrFailsCleanly(() -> ProfileLoader.parse(text, SOURCE));
    }

    @Property(tries = 400)
    void mutatedGridsFailCleanly(@ForAll("mutatedGrids") String text) {
        loadsOrFailsCleanly(() -> GridLoader.parse(text, SOURCE));
    }

    @Property(tries = 300)
    void randomTextFailsCleanly(@ForAll("hoconish") String text) {
        loadsOrFailsCleanly(() -> ProfileLoader.parse(text, SOURCE));
        loadsOrFailsCleanly(() -> GridLoader.parse(text, SOURCE));
    }

    @Property(tries = 100)
    void anyStringFailsCleanly(@ForAll String text) {
        loadsOrFailsCleanly(() -> ProfileLoader.parse(text, SOURCE));
        loadsOrFailsCleanly(() -> GridLoader.parse(text, SOURCE));
    }

    @Example
    void deeplyNestedInputIsAProfileErrorNotAStackOverflow() {
        String deep = "a = " + "[".repeat(100_000) + "]".repeat(100_000);
        loadsOrFailsCleanly(() -> ProfileLoader.parse(deep, SOURCE));
        String deepObjects = "a = " + "{b = ".repeat(50_000) + "1" + "}".repeat(50_000);
        loadsOrFailsCleanly(() -> GridLoader.parse(deepObjects, SOURCE));
    }

    @Example
    void environmentVariablesAreNotSubstitutedIntoProfiles() {
        String text = PROFILE.replaceFirst("name = \"[^\"]*\"", "name = \\${PATH}");
        loadsOrFailsCleanly(() -> ProfileLoader.parse(text, SOURCE));
        try {
            ProfileLoader.parse(text, SOURCE);
        } catch (ProfileException expected) {
            assertFalse(expected.getMessage().contains(String.valueOf(System.getenv("PATH"))), expected.getMessage());
            return;
        }
        throw new AssertionError("a profile naming ${PATH} must not load the environment into the run's summary");
    }

    @Example
    void includesAreRefused() {
        String text = "network { name = x }\ninclude file(\"/etc/hostname\")\n";
        try {
            ProfileLoader.parse(text, SOURCE);
        } catch (ProfileException expected) {
            assertTrue(expected.getMessage().startsWith(SOURCE + ": include"), expected.getMessage());
            return;
        }
        throw new AssertionError("an include must be refused");
    }

    @Provide
    Arbitrary<String> mutatedProfiles() {
        return TextMutations.of(PROFILE, 4);
    }

    @Provide
    Arbitrary<String> mutatedGrids() {
        return TextMutations.of(GRID, 4);
    }

    @Provide
    Arbitrary<String> hoconish() {
        return Arbitraries.strings().withChars("{}[]=:,\"'$?#/\\ \t\n-+.eE0123456789abcnetworkcpu").ofMaxLength(200);
    }

    private static final String PROFILE = preset();

    private static String preset() {
        try (InputStream in = HoconLoadersFuzzTest.class.getClassLoader().getResourceAsStream("profiles/mpich-fast-ethernet.conf")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static void loadsOrFailsCleanly(Runnable load) {
        try {
            load.run();
        } catch (ProfileException e) {
            String message = e.getMessage();
            assertTrue(message != null && message.startsWith(SOURCE), "names the source: " + message);
            assertFalse(message.contains("\n"), "one line: " + message);
        } catch (Throwable t) {
            throw new AssertionError("not a clean ProfileException: " + t, t);
        }
    }
}
