package mse.mpi.rank;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mse.emulator.dynamic.MasterActivity;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.report.Breakdown;
import mse.emulator.report.EmulatedPrediction;
import mse.emulator.report.EmulationReport;
import mse.emulator.report.EmulationResultFiles;
import mse.emulator.report.Json;
import mse.emulator.report.RankBreakdown;
import mse.emulator.report.Latency;
import mse.emulator.report.SweepPoint;
import mse.emulator.report.WaitReport;
import mse.emulator.timeline.TimelineWriter;

/**
 * An emulated run's summary.json (and each point of a sweep's): the run's header, DY's master activity (null, and
 * absent, for the other strategies), then the prediction, all at the top level of one JSON object.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonDeserialize(using = EmulationSummary.Reader.class)
public record EmulationSummary(@JsonUnwrapped RunHeader header, @JsonUnwrapped MasterActivity dynamic,
                               @JsonUnwrapped EmulatedPrediction prediction) implements SweepPoint {

    /**
     * Reads the one object back into its parts, each taking its own keys: Jackson 2.18 cannot create a record from
     * unwrapped parts ("combination not yet supported").
     */
    static final class Reader extends StdDeserializer<EmulationSummary> {

        private static final long serialVersionUID = 1L;

        private static final ObjectMapper PARTS = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

        Reader() {
            super(EmulationSummary.class);
        }

        @Override
        public EmulationSummary deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            JsonNode node = parser.readValueAsTree();
            return new EmulationSummary(PARTS.treeToValue(node, RunHeader.class),
                    node.has("masterEvents") ? PARTS.treeToValue(node, MasterActivity.class) : null,
                    PARTS.treeToValue(node, EmulatedPrediction.class));
        }
    }

    /**
     * The end of an emulated run: finishes its timeline (the header as metadata), writes masters.csv (DY), the
     * result files and summary.json into dir, and returns the summary; `rankHosts` as for EmulationResultFiles;
     * `master` is rank 0's result, null for a foreign program (which writes none).
     */
    public static EmulationSummary write(Path dir, RunHeader header, RankResult master, EmulationReport report,
                                         List<String> rankHosts) throws IOException {
        try {
            TimelineFile.finish(report, header, master);
            MasterActivity dynamic = master == null || master.masterEvents() == null ? null
                    : MasterEventsFile.write(dir, master.masterEvents());
            EmulationSummary summary = new EmulationSummary(header, dynamic, EmulationResultFiles.write(dir, report, rankHosts));
            Json.write(dir.resolve("summary.json"), summary);
            return summary;
        } finally {
            report.timeline().ifPresent(TimelineWriter::discard); // a no-op once finished
        }
    }

    @Override
    public String strategy() {
        return header.strategy();
    }

    @Override
    public int np() {
        return header.np();
    }

    @Override
    public int masters() {
        return header.masters();
    }

    @Override
    public Integer prefetch() {
        return header.prefetch();
    }

    @Override
    public double predictedSeconds() {
        return prediction.predictedSeconds();
    }

    @Override
    public double speedup() {
        return prediction.speedup() == null ? Double.NaN : prediction.speedup(); // NaN: a program without tasks
    }

    @Override
    public List<RankBreakdown> perMaster() {
        return prediction.perMaster();
    }

    @Override
    public Breakdown breakdown() {
        return prediction.breakdown();
    }

    @Override
    public Latency latency() {
        return prediction.latency();
    }

    @Override
    public double wallSeconds() {
        return header.wallSeconds();
    }

    @Override
    public WaitReport waits() {
        return WaitReport.of(prediction);
    }

    @Override
    public List<MasterEvent> masterEvents() {
        return dynamic == null ? List.of() : dynamic.masterEvents();
    }
}
