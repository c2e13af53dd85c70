package mse.emulator.report.charts;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;

/**
 * How a category axis's labels are laid so that none runs into the next: level when each fits its category's share
 * of the axis, slanted at 45 degrees when a slanted line of text does (it needs its height times sqrt 2 across), upright
 * when an upright one does (its height), and with only every k-th label shown when not even that fits. Measured with
 * the chart's own font, not guessed from the number of points: three series' labels of 30 characters ran into one
 * unreadable line at four points.
 *
 * @param rotation the labels' angle in degrees (0, 45 or 90)
 * @param shown    how many labels XChart shows (all of them unless they cannot fit upright)
 */
record LabelLayout(int rotation, int shown) {

    /**
     * Room for the labels along the x axis, in pixels: the breakdown chart's 900 less the y axis, its title and the
     * legend outside to the east (XChart draws them; about 250 pixels at the report's fonts).
     */
    static final int AXIS_PIXELS = 650;
    /** Space kept between two labels, in pixels. */
    static final int GAP_PIXELS = 4;

    static LabelLayout of(List<String> labels, Font font) {
        FontMetrics metrics = metrics(font);
        int widest = labels.stream().mapToInt(metrics::stringWidth).max().orElse(0);
        int height = metrics.getHeight();
        int count = Math.max(1, labels.size());
        double share = (double) AXIS_PIXELS / count;
        if (widest + GAP_PIXELS <= share) {
            return new LabelLayout(0, count);
        }
        if (height * Math.sqrt(2) + GAP_PIXELS <= share) {
            return new LabelLayout(45, count);
        }
        return new LabelLayout(90, Math.max(2, Math.min(count, AXIS_PIXELS / (height + GAP_PIXELS))));
    }

    /** Pixels across the axis one shown label takes at this layout (its footprint). */
    int footprint(List<String> labels, Font font) {
        FontMetrics metrics = metrics(font);
        return switch (rotation) {
            case 0 -> labels.stream().mapToInt(metrics::stringWidth).max().orElse(0);
            case 45 -> (int) Math.ceil(metrics.getHeight() * Math.sqrt(2));
            default -> metrics.getHeight();
        };
    }

    private static FontMetrics metrics(Font font) {
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        try {
            return g.getFontMetrics(font);
        } finally {
            g.dispose();
        }
    }
}
