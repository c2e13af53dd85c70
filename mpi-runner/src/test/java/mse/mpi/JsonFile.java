package mse.mpi;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Tests read result files as plain JSON (what a user's script sees), not through the records that wrote them, so a
 * change of those records that changes the file shows up here.
 */
public final class JsonFile {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonFile() {
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Path file) throws IOException {
        return MAPPER.readValue(file.toFile(), Map.class);
    }
}
