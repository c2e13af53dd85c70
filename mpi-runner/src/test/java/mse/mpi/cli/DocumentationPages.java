package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The pages a user reads: README.md and every Markdown page under docs/, its measurement logs included. */
final class DocumentationPages {

    /** The repository's root, seen from the module's directory where the tests run. */
    static final Path ROOT = Path.of("..");

    private DocumentationPages() {
    }

    static List<Path> all() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}
