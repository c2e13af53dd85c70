package mse.cluster.profiles;

import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * One HOCON object of a profile, read strictly: every key must be known, present and well typed. Each
 * complaint names the source, the line and the full key path, e.g.
 * {@code mse.conf:7: network.latency-us: expected a number >= 0, got "fast"}.
 */
final class ProfileFields {

    private final String source;
    private final String path;
    private final ConfigObject object;

    ProfileFields(String source, String path, ConfigObject object) {
        this.source = source;
        this.path = path;
        this.object = object;
    }

    /** Rejects keys outside `known`, in file order so the first typo is reported first. */
    ProfileFields onlyKeys(Set<String> known) {
        List<String> unknown = new ArrayList<>();
        for (String key : object.keySet()) {
            if (!known.contains(key)) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            unknown.sort((a, b) -> Integer.compare(line(object.get(a)), line(object.get(b))));
            String key = unknown.get(0);
            List<String> expected = new ArrayList<>(known);
            Collections.sort(expected);
            throw problem(line(object.get(key)), key, "unknown key; expected one of " + expected);
        }
        return this;
    }

    ProfileFields object(String key) {
        ConfigValue value = required(key);
        if (value.valueType() != ConfigValueType.OBJECT) {
            throw problem(line(value), key, "expected an object { ... }, got " + shown(value));
        }
        return new ProfileFields(source, keyPath(key), (ConfigObject) value);
    }

    String text(String key) {
        ConfigValue value = required(key);
        if (value.valueType() != ConfigValueType.STRING) {
            throw problem(line(value), key, "expected a string, got " + shown(value));
        }
        return (String) value.unwrapped();
    }

    double nonNegative(String key) {
        double number = number(key, "a number >= 0");
        if (number < 0) {
            throw problem(line(object.get(key)), key, "expected a number >= 0, got " + shown(object.get(key)));
        }
        return number;
    }

    double positive(String key) {
        double number = number(key, "a number > 0");
        if (!(number > 0)) {
            throw problem(line(object.get(key)), key, "expected a number > 0, got " + shown(object.get(key)));
        }
        return number;
    }

    long wholeNonNegative(String key) {
        double number = number(key, "a whole number >= 0");
        ConfigValue value = object.get(key);
        if (number < 0 || number != Math.rint(number) || number > Long.MAX_VALUE) {
            throw problem(line(value), key, "expected a whole number >= 0, got " + shown(value));
        }
        return (long) number;
    }

    private double number(String key, String expected) {
        ConfigValue value = required(key);
        if (value.valueType() != ConfigValueType.NUMBER) {
            throw problem(line(value), key, "expected " + expected + ", got " + shown(value));
        }
        double number = ((Number) value.unwrapped()).doubleValue();
        if (!Double.isFinite(number)) {
            throw problem(line(value), key, "expected " + expected + ", got " + shown(value));
        }
        return number;
    }

    /** A missing key has no line of its own: point at the object that should hold it. */
    private ConfigValue required(String key) {
        ConfigValue value = object.get(key);
        if (value == null || value.valueType() == ConfigValueType.NULL) {
            throw problem(line(object), key, "missing");
        }
        return value;
    }

    private ProfileException problem(int line, String key, String what) {
        String where = line > 0 ? source + ":" + line : source;
        return new ProfileException(where + ": " + keyPath(key) + ": " + what);
    }

    private String keyPath(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static int line(ConfigValue value) {
        return value.origin() == null ? -1 : value.origin().lineNumber();
    }

    private static String shown(ConfigValue value) {
        return value.render(ConfigRenderOptions.concise());
    }
}
