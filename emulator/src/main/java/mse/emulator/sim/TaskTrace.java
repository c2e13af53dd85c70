package mse.emulator.sim;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mse.emulator.kernel.TaskRecord;

/**
 * A live emulation's tasks.csv (mse.emulator.report.EmulationResultFiles), one row per task with the fields of
 * {@link TaskRecord#CSV_HEADER}. Replay needs, per task id in assignment order, what the task measured on the
 * host (cpuNanos), what the run charged it on the target (virtual end - start), which differs when the run used
 * a deterministic cost, and what its master spent on its result (masterCpuNanos). Traces written before that
 * last column existed are read with it 0. A malformed file is an IllegalArgumentException naming the file and line.
 */
public record TaskTrace(long[] cpuNanos, long[] chargedNanos, long[] masterCpuNanos) {

    /** The header of traces written before masterCpuNanos was recorded. */
    static final String HEADER_WITHOUT_MASTER = TaskRecord.CSV_HEADER.substring(0, TaskRecord.CSV_HEADER.lastIndexOf(','));

    public int tasks() {
        return cpuNanos.length;
    }

    public static TaskTrace read(Path file) throws IOException {
        String[] lines = lines(file, Files.readAllBytes(file));
        String header = lines.length == 0 ? "" : lines[0].trim();
        if (!header.equals(TaskRecord.CSV_HEADER) && !header.equals(HEADER_WITHOUT_MASTER)) {
            throw bad(file, 1, "expected the header '" + TaskRecord.CSV_HEADER + "'");
        }
        int fields = header.split(",").length;
        int tasks = lines.length - 1;
        while (tasks > 0 && lines[tasks].isBlank()) {
            tasks--;
        }
        long[] cpu = new long[tasks];
        long[] charged = new long[tasks];
        long[] master = new long[tasks];
        boolean[] seen = new boolean[tasks];
        for (int i = 1; i <= tasks; i++) {
            String[] f = lines[i].split(",", -1);
            if (f.length != fields) {
                throw bad(file, i + 1, "expected " + fields + " comma-separated fields, got " + f.length);
            }
            long[] v = new long[7];
            for (int k = 0; k < fields; k++) {
                try {
                    v[k] = Long.parseLong(f[k].trim());
                } catch (NumberFormatException e) {
                    throw bad(file, i + 1, "field " + (k + 1) + " is not an integer: '" + f[k] + "'");
                }
            }
            if (v[0] < 0 || v[0] >= tasks) {
                throw bad(file, i + 1, "task id " + v[0] + " outside 0.." + (tasks - 1));
            }
            int task = (int) v[0];
            if (seen[task]) {
                throw bad(file, i + 1, "task " + task + " appears twice");
            }
            if (v[3] < 0 || v[4] < 0 || v[5] < v[4] || v[6] < 0) {
                throw bad(file, i + 1, "negative CPU time or virtual time, or a task that ends before it starts");
            }
            seen[task] = true;
            cpu[task] = v[3];
            charged[task] = v[5] - v[4];
            master[task] = v[6];
        }
        if (tasks == 0) {
            throw bad(file, 2, "no tasks");
        }
        return new TaskTrace(cpu, charged, master);
    }

    /** The file's lines, each decoded strictly: bytes that are not UTF-8 text name their line. */
    private static String[] lines(Path file, byte[] bytes) {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int end = 0; end <= bytes.length; end++) {
            if (end == bytes.length || bytes[end] == '\n') {
                if (end == bytes.length && start == end) {
                    break;
                }
                int stop = end > start && bytes[end - 1] == '\r' ? end - 1 : end;
                try {
                    lines.add(utf8.decode(ByteBuffer.wrap(bytes, start, stop - start)).toString());
                } catch (CharacterCodingException e) {
                    throw bad(file, lines.size() + 1, "not UTF-8 text");
                }
                start = end + 1;
            }
        }
        return lines.toArray(String[]::new);
    }

    private static IllegalArgumentException bad(Path file, int line, String what) {
        return new IllegalArgumentException(file + " line " + line + ": " + what);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TaskTrace t && Arrays.equals(cpuNanos, t.cpuNanos) && Arrays.equals(chargedNanos, t.chargedNanos)
                && Arrays.equals(masterCpuNanos, t.masterCpuNanos);
    }

    @Override
    public int hashCode() {
        return (Arrays.hashCode(cpuNanos) * 31 + Arrays.hashCode(chargedNanos)) * 31 + Arrays.hashCode(masterCpuNanos);
    }

    @Override
    public String toString() {
        return "TaskTrace[" + cpuNanos.length + " tasks]";
    }
}
