package mse.cluster.profiles;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A network model's own parameters: the keys of a profile's network { } beyond LogGPS's, which the model named in
 * network.model declares ({@link NetworkModelKind#parameterKeys}) and reads itself, so that a model whose parameters
 * LogGPS lacks needs no field of {@link NetworkProfile}, no line of the loader or the writer. Read through this object,
 * a bad value is a {@link ProfileException} "file:line: network.key: what is wrong" like any other key of the profile.
 * Two sets of parameters are equal when they give the same keys the same values (HOCON's concise rendering), wherever
 * they were read from.
 */
public final class ModelParameters {

    /** No parameters of its own: LogGPS's, and any profile built in code (calibration, tests). */
    public static final ModelParameters NONE = new ModelParameters(HoconFields.parse("", "(no model parameters)"));

    private final HoconFields fields;

    private ModelParameters(HoconFields fields) {
        this.fields = fields;
    }

    /** What is left of a profile's network { } once the keys every profile gives are taken out. */
    static ModelParameters of(HoconFields network, Set<String> commonKeys) {
        return new ModelParameters(network.without(commonKeys));
    }

    public boolean isEmpty() {
        return fields.keys().isEmpty();
    }

    public boolean has(String key) {
        return fields.has(key);
    }

    public double positive(String key) {
        return fields.positive(key);
    }

    public double nonNegative(String key) {
        return fields.nonNegative(key);
    }

    public long wholeNonNegative(String key) {
        return fields.wholeNonNegative(key);
    }

    public String text(String key) {
        return fields.text(key);
    }

    /** A complaint about one of these keys that names the file, its line and network.key, for checks of a model's own. */
    public ProfileException problem(String key, String what) {
        return fields.problem(key, what);
    }

    /** key -> value as HOCON writes it, by key: how the writer renders them and the sweep's content hash sees them. */
    public Map<String, String> rendered() {
        return fields.keys().stream().collect(Collectors.toMap(k -> k, fields::rendered, (a, b) -> a, TreeMap::new));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ModelParameters that && rendered().equals(that.rendered());
    }

    @Override
    public int hashCode() {
        return rendered().hashCode();
    }

    @Override
    public String toString() {
        return rendered().toString();
    }
}
