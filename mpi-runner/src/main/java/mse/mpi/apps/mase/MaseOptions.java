package mse.mpi.apps.mase;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * MASE's options (--app mase), shared by the `mse` commands and by the rank entry point, which parses
 * back what {@link MaseSpec#toArgs} writes, so both always agree on names and defaults.
 */
public final class MaseOptions {

    @Option(names = "--image", paramLabel = "WxH", defaultValue = "256x256", converter = ImageSizeConverter.class,
            description = "Image size in points (default: ${DEFAULT-VALUE}).")
    Size size;

    @Option(names = "--region", paramLabel = "XMIN,XMAX,YMIN,YMAX", defaultValue = "-2,1,-1.5,1.5",
            converter = RegionConverter.class,
            description = "Part of the complex plane (default: ${DEFAULT-VALUE}).")
    Region region;

    @Option(names = "--max-iter", paramLabel = "N", defaultValue = "1000",
            description = "Iteration limit per point (default: ${DEFAULT-VALUE}).")
    int maxIter;

    @Option(names = "--task-points", paramLabel = "N", defaultValue = "1",
            description = "Consecutive points per task; 1 = one point per task as in seed 001 (default: ${DEFAULT-VALUE}).")
    int taskPoints;

    @Option(names = "--png", paramLabel = "FILE", description = "Write the picture as PNG.")
    Path png;

    /** The problem these options describe; an IllegalArgumentException names what is wrong. */
    public MaseSpec spec() {
        return spec(size, region, maxIter, taskPoints, png);
    }

    public record Size(int width, int height) {}

    public record Region(double xmin, double xmax, double ymin, double ymax) {}

    /** WxH with positive integers; an IllegalArgumentException says what was expected. */
    public static Size size(String value) {
        String[] parts = value.toLowerCase().split("x", -1);
        try {
            if (parts.length == 2) {
                int w = Integer.parseInt(parts[0].trim());
                int h = Integer.parseInt(parts[1].trim());
                if (w >= 1 && h >= 1) {
                    return new Size(w, h);
                }
            }
        } catch (NumberFormatException e) {
            // fall through to the one message below
        }
        throw new IllegalArgumentException("expected WxH with positive integers, e.g. 256x256, got '" + value + "'");
    }

    /** XMIN,XMAX,YMIN,YMAX with XMIN < XMAX and YMIN < YMAX; an IllegalArgumentException says what was expected. */
    public static Region region(String value) {
        String[] parts = value.split(",", -1);
        if (parts.length == 4) {
            try {
                double[] r = new double[4];
                for (int i = 0; i < 4; i++) {
                    r[i] = Double.parseDouble(parts[i].trim());
                }
                if (r[0] < r[1] && r[2] < r[3]) {
                    return new Region(r[0], r[1], r[2], r[3]);
                }
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new IllegalArgumentException("expected XMIN,XMAX,YMIN,YMAX with XMIN < XMAX and YMIN < YMAX, got '" + value + "'");
    }

    /** The problem of these option values (as {@link #spec}); an IllegalArgumentException names what is wrong. */
    public static MaseSpec spec(Size size, Region region, int maxIter, int taskPoints, Path png) {
        return new MaseSpec(new MaseJob(new ImageSpec(size.width(), size.height(), region.xmin(), region.xmax(), region.ymin(),
                region.ymax(), maxIter), taskPoints), png);
    }

    static final class ImageSizeConverter implements picocli.CommandLine.ITypeConverter<Size> {
        @Override
        public Size convert(String value) {
            try {
                return size(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class RegionConverter implements picocli.CommandLine.ITypeConverter<Region> {
        @Override
        public Region convert(String value) {
            try {
                return region(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
