package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html as a person sees it: rendered by headless Chromium (Debian's package, which
 * `./run.sh test` installs). The page must hold its charts as images, log no errors, and paint
 * something; the screenshot stays in target/ for people to look at.
 */
class ReportInChromiumIT {

    private static final List<String> CHROMIUM_FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu",
            "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--enable-logging=stderr", "--v=0");

    @TempDir
    Path tmp;

    @Test
    void sweepReportRendersWithItsChartsAndNoErrors() throws Exception {
        Path out = tmp.resolve("sweep");
        assertEquals(0, Mse.commandLine().execute("sweep", "--local", "--np", "2,4,8", "--image", "48x32",
                "--max-iter", "300", "--task-points", "4", "--task-cost", "per-iteration:10ns", "--out", out.toString()));
        Path page = out.resolve("report.html");

        Result dom = chromium(List.of("--dump-dom", page.toUri().toString()));
        Matcher charts = Pattern.compile("<img class=\"chart\"[^>]*src=\"data:image/png;base64,").matcher(dom.stdout);
        int count = 0;
        while (charts.find()) {
            count++;
        }
        assertEquals(5, count, "time, breakdown, slave wait, queue wait and timeline charts");
        for (String id : List.of("time", "breakdown", "slave-wait", "queue-wait", "timeline", "inputs", "points")) {
            assertTrue(dom.stdout.contains("id=\"" + id + "\""), "section " + id + " is missing");
        }
        assertNoErrors(dom.stderr);
        assertTrue(dom.stdout.contains("np-8/timeline.json") && dom.stdout.contains("ui.perfetto.dev"),
                "the page tells how to open the largest P's trace");

        Path screenshot = Path.of("target", "report-screenshot.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        Result shot = chromium(List.of("--screenshot=" + screenshot, "--window-size=1100,3400", "--hide-scrollbars",
                page.toUri().toString()));
        assertNoErrors(shot.stderr);
        BufferedImage image = ImageIO.read(screenshot.toFile());
        assertTrue(distinctColours(image) > 50, "the screenshot shows charts, not a blank page");
    }

    private record Result(String stdout, String stderr) {}

    private Result chromium(List<String> args) throws IOException, InterruptedException {
        String binary = Files.isExecutable(Path.of("/usr/bin/chromium")) ? "/usr/bin/chromium" : "chromium";
        List<String> command = new ArrayList<>(List.of(binary));
        command.addAll(CHROMIUM_FLAGS);
        command.add("--user-data-dir=" + Files.createTempDirectory(tmp, "profile"));
        command.addAll(args);
        Path stdout = tmp.resolve("chromium.out");
        Path stderr = tmp.resolve("chromium.err");
        Process p;
        try {
            p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        } catch (IOException e) {
            throw new AssertionError("headless Chromium is needed for this test: ./run.sh test installs it "
                    + "(./run.sh setup --with-browser)", e);
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, p.exitValue(), Files.readString(stderr));
        return new Result(Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
    }

    /** Console errors and failed loads of the page itself (Chromium's own start-up chatter aside). */
    private static void assertNoErrors(String log) {
        for (String line : log.lines().toList()) {
            boolean console = line.contains(":CONSOLE(") || line.contains("Uncaught") || line.contains("Failed to load resource");
            assertTrue(!console, "the page logged: " + line);
        }
    }

    private static int distinctColours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }
}
