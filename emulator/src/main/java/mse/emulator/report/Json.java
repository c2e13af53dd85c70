package mse.emulator.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/**
 * summary.json and the other JSON files, written from records (keys in their components' order) and read back into
 * them: pretty, written atomically.
 */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper COMPACT = new ObjectMapper();

    private Json() {
    }

    public static void write(Path target, Object value) throws IOException {
        AtomicFiles.write(target, out -> MAPPER.writeValue(out, value));
    }

    /** A value as compact JSON on one line (a report's input cell). */
    public static String text(Object value) {
        try {
            return COMPACT.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a result record that Jackson cannot write: " + e.getMessage(), e);
        }
    }

    /** A file written from a record (or any type Jackson maps), read back as that type. */
    public static <T> T read(Path source, Class<T> type) throws IOException {
        return MAPPER.readValue(source.toFile(), type);
    }
}
