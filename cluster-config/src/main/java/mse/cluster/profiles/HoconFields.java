package mse.cluster.profiles;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * One HOCON object of a user's description file (grid, analytic model), read as strictly as a profile
 * (see {@link ProfileLoader}): unknown keys are rejected, and every complaint is a {@link ProfileException}
 * "file:line: key.path: what is wrong". Profiles, grids and model files all read through it.
 */
public final class HoconFields {

    private final String source;
    private final String path;
    private final ConfigObject object;

    private HoconFields(String source, String path, ConfigObject object) {
        this.source = source;
        this.path = path;
        this.object = object;
    }

    /** Reads and parses a file; the file name is the source in every message. */
    public static HoconFields file(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new ProfileException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parse(text, file.toString());
    }

    public static HoconFields parse(String text, String source) {
        Config config = HoconText.parse(text, source);
        return new HoconFields(source, "", config.root());
    }

    /** Rejects keys outside `known`, the first one in file order. */
    public HoconFields onlyKeys(Set<String> known) {
        List<String> unknown = new ArrayList<>();
        for (String key : object.keySet()) {
            if (!known.contains(key)) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            unknown.sort((a, b) -> Integer.compare(line(object.get(a)), line(object.get(b))));
            List<String> expected = new ArrayList<>(known);
            Collections.sort(expected);
            throw problem(unknown.get(0), "unknown key; expected one of " + expected);
        }
        return this;
    }

    /** This object without `keys`: what is left of network { } for its model's own parameters ({@link ModelParameters}). */
    HoconFields without(Set<String> keys) {
        ConfigObject rest = object;
        for (String key : keys) {
            rest = rest.withoutKey(key);
        }
        return new HoconFields(source, path, rest);
    }

    /** The keys this object gives, in no particular order. */
    Set<String> keys() {
        return object.keySet();
    }

    /** A key's value as HOCON writes it (concise): how {@link ModelParameters} compares, hashes and writes a value. */
    String rendered(String key) {
        return shown(required(key));
    }

    public boolean has(String key) {
        ConfigValue value = object.get(key);
        return value != null && value.valueType() != ConfigValueType.NULL;
    }

    public HoconFields object(String key) {
        ConfigValue value = required(key);
        if (value.valueType() != ConfigValueType.OBJECT) {
            throw problem(key, "expected an object { ... }, got " + shown(value));
        }
        return new HoconFields(source, keyPath(key), (ConfigObject) value);
    }

    /** A list of objects, each named key[i] in messages. */
    public List<HoconFields> objects(String key) {
        ConfigList list = list(key);
        List<HoconFields> result = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            ConfigValue item = list.get(i);
            if (item.valueType() != ConfigValueType.OBJECT) {
                throw problemAt(line(item), key + "[" + i + "]", "expected an object { ... }, got " + shown(item));
            }
            result.add(new HoconFields(source, keyPath(key) + "[" + i + "]", (ConfigObject) item));
        }
        return result;
    }

    public List<String> texts(String key) {
        List<String> result = new ArrayList<>();
        ConfigList list = list(key);
        for (int i = 0; i < list.size(); i++) {
            ConfigValue item = list.get(i);
            if (item.valueType() != ConfigValueType.STRING) {
                throw problemAt(line(item), key + "[" + i + "]", "expected a name, got " + shown(item));
            }
            result.add((String) item.unwrapped());
        }
        return result;
    }

    public double[] numbers(String key) {
        ConfigList list = list(key);
        double[] result = new double[list.size()];
        for (int i = 0; i < list.size(); i++) {
            ConfigValue item = list.get(i);
            if (item.valueType() != ConfigValueType.NUMBER || !Double.isFinite(((Number) item.unwrapped()).doubleValue())) {
                throw problemAt(line(item), key + "[" + i + "]", "expected a number, got " + shown(item));
            }
            result[i] = ((Number) item.unwrapped()).doubleValue();
        }
        return result;
    }

    public String text(String key) {
        ConfigValue value = required(key);
        if (value.valueType() != ConfigValueType.STRING) {
            throw problem(key, "expected a string, got " + shown(value));
        }
        return (String) value.unwrapped();
    }

    public double positive(String key) {
        double number = number(key, "a number > 0");
        if (!(number > 0)) {
            throw problem(key, "expected a number > 0, got " + shown(object.get(key)));
        }
        return number;
    }

    public double nonNegative(String key) {
        double number = number(key, "a number >= 0");
        if (number < 0) {
            throw problem(key, "expected a number >= 0, got " + shown(object.get(key)));
        }
        return number;
    }

    public long wholePositive(String key) {
        return whole(key, 1);
    }

    public long wholeNonNegative(String key) {
        return whole(key, 0);
    }

    private long whole(String key, long least) {
        double number = number(key, "a whole number >= " + least);
        if (number < least || number != Math.rint(number) || number > Long.MAX_VALUE) {
            throw problem(key, "expected a whole number >= " + least + ", got " + shown(object.get(key)));
        }
        return (long) number;
    }

    /** "file:line: path.key: what" for a key of this object (or the object itself when the key is absent). */
    public ProfileException problem(String key, String what) {
        ConfigValue value = object.get(key);
        return problemAt(value == null ? line(object) : line(value), key, what);
    }

    /** The line of this object, for messages about the object as a whole. */
    public int line() {
        return line(object);
    }

    /** "file:line: path: what" about this object as a whole. */
    public ProfileException problemHere(String what) {
        int line = line(object);
        return new ProfileException((line > 0 ? source + ":" + line : source) + ": " + (path.isEmpty() ? "" : path + ": ") + what);
    }

    public String source() {
        return source;
    }

    private ConfigList list(String key) {
        ConfigValue value = required(key);
        if (value.valueType() != ConfigValueType.LIST) {
            throw problem(key, "expected a list [ ... ], got " + shown(value));
        }
        return (ConfigList) value;
    }

    private double number(String key, String expected) {
        ConfigValue value = required(key);
        if (value.valueType() != ConfigValueType.NUMBER || !Double.isFinite(((Number) value.unwrapped()).doubleValue())) {
            throw problem(key, "expected " + expected + ", got " + shown(value));
        }
        return ((Number) value.unwrapped()).doubleValue();
    }

    private ConfigValue required(String key) {
        ConfigValue value = object.get(key);
        if (value == null || value.valueType() == ConfigValueType.NULL) {
            throw problemAt(line(object), key, "missing");
        }
        return value;
    }

    private ProfileException problemAt(int line, String key, String what) {
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
