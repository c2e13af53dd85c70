package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/ leads somewhere: the file exists and, for a `#section` of a Markdown
 * page, that page has the heading, named as GitHub names its anchors. Pages move (the measurement logs went to
 * docs/measurements/), and a link left behind would only show when a reader follows it.
 */
class DocumentedLinksTest {

    /** [text](target): the target up to a space (a title) or the closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)[^)]*\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkLeadsSomewhere() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : DocumentationPages.all()) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                Matcher link = LINK.matcher(line);
                while (!fenced && link.find()) {
                    String target = link.group(1);
                    if (target.matches("[a-z]+:.*")) {
                        continue; // https:, mailto: and the like: not ours to check
                    }
                    checked++;
                    String problem = problem(page, target);
                    if (problem != null) {
                        broken.add(DocumentationPages.ROOT.relativize(page) + ":" + (i + 1) + ": " + target + ": " + problem);
                    }
                }
            }
        }
        assertTrue(checked > 100, "found only " + checked + " relative links");
        assertEquals(List.of(), broken, "links that lead nowhere");
    }

    @Test
    void anchorsAreNamedAsGitHubNamesThem() {
        assertEquals("emulate-any-mpi-program-c-c-fortran-java", anchor("Emulate any MPI program (C, C++, Fortran, Java)"));
        assertEquals("which-strategy-how-many-slaves-sweeps", anchor("Which strategy, how many slaves: sweeps"));
        assertEquals("the-papers", anchor("The `papers`"));
    }

    private static String problem(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (hash < 0 || !resolved.toString().endsWith(".md")) {
            return null;
        }
        String section = target.substring(hash + 1);
        return anchors(resolved).contains(section) ? null : "no heading with anchor #" + section;
    }

    /** The anchors of a page's headings, outside code blocks. */
    private static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            }
            Matcher heading = HEADING.matcher(line);
            if (!fenced && heading.matches()) {
                anchors.add(anchor(heading.group(1)));
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
