package mse.mpi.apps.mase;

/** The escape-time kernel, written exactly as the issue fixes it so any implementation agrees bit for bit. */
public final class Mandelbrot {

    private Mandelbrot() {
    }

    public static int escapeCount(double cr, double ci, int maxIter) {
        int n = 0;
        double zr = 0;
        double zi = 0;
        while (n < maxIter && zr * zr + zi * zi <= 4) {
            double t = zr * zr - zi * zi + cr;
            zi = 2 * zr * zi + ci;
            zr = t;
            n++;
        }
        return n;
    }
}
