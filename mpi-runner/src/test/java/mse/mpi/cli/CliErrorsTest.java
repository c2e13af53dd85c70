package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Bad options end with one line naming the option, exit code 2, and no stack trace (and no mpirun). */
class CliErrorsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "run --np 1                        | --np",
        "run --np x                        | --np",
        "run --image 12                    | --image",
        "run --image 0x5                   | --image",
        "run --image axb                   | --image",
        "run --region 1,0,0,1              | --region",
        "run --bogus                       | --bogus",
        "run --image 8x8 --task-points 65  | task-points",
        "run --max-iter 0                  | max-iter",
        "emulate --local --timeline most   | --timeline",
        "predict --timeline none           | --timeline",
        "predict --prefetch 0              | --prefetch",
        "predict --prefetch 1,x            | --prefetch",
        "emulate --local --prefetch 1,2    | --prefetch",
        "predict --app ep --ep-tasks 4 --prefetch 5 | --prefetch",
    })
    void badInputIsOneLineWithExitCode2(String argLine, String named) {
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(argLine.trim().split("\\s+"));
        String text = err.toString().trim();
        assertEquals(2, code, text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("mse: "), text);
        assertTrue(text.contains(named), text);
        assertFalse(text.contains("Exception"), text);
    }
}
