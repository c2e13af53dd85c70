package mse.emulator.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** summary.json and the other JSON files: pretty, key order as built (LinkedHashMap), written atomically. */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    public static void write(Path target, Object value) throws IOException {
        AtomicFiles.write(target, out -> MAPPER.writeValue(out, value));
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Path source) throws IOException {
        return MAPPER.readValue(source.toFile(), Map.class);
    }

    /** A file written from a record (or any type Jackson maps), read back as that type. */
    public static <T> T read(Path source, Class<T> type) throws IOException {
        return MAPPER.readValue(source.toFile(), type);
    }
}
