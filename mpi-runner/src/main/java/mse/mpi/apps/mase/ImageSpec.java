package mse.mpi.apps.mase;

/**
 * The part of the complex plane MASE explores and how finely (seed 001, section 3). Point (i, j) is
 * column i of W and row j of H counted from the top; its c is the centre of that pixel.
 */
public record ImageSpec(int width, int height, double xmin, double xmax, double ymin, double ymax, int maxIter) {

    public static final ImageSpec DEFAULT = new ImageSpec(256, 256, -2, 1, -1.5, 1.5, 1000);

    public ImageSpec {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("image must be at least 1x1, got " + width + "x" + height);
        }
        if ((long) width * height > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("image " + width + "x" + height + " has more than "
                    + Integer.MAX_VALUE / 4 + " points");
        }
        if (!(xmin < xmax) || !(ymin < ymax)) {
            throw new IllegalArgumentException("region needs xmin < xmax and ymin < ymax");
        }
        if (maxIter < 1) {
            throw new IllegalArgumentException("max-iter must be at least 1, got " + maxIter);
        }
    }

    public int points() {
        return width * height;
    }

    public double re(int i) {
        return xmin + (i + 0.5) * (xmax - xmin) / width;
    }

    public double im(int j) {
        return ymax - (j + 0.5) * (ymax - ymin) / height;
    }

    /** Escape count of the point with row-major index p. */
    public int count(int p) {
        return Mandelbrot.escapeCount(re(p % width), im(p / width), maxIter);
    }
}
