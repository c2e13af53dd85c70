package mse.mpi.apps.mase;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.imageio.ImageIO;

/** The escape counts of every point, row-major, as the master assembles them. */
public final class CountImage {

    private final ImageSpec spec;
    private final int[] counts;

    public CountImage(ImageSpec spec) {
        this.spec = spec;
        this.counts = new int[spec.points()];
    }

    /** The reference: every point computed in order on one thread. */
    public static CountImage sequential(ImageSpec spec) {
        CountImage image = new CountImage(spec);
        for (int p = 0; p < spec.points(); p++) {
            image.counts[p] = spec.count(p);
        }
        return image;
    }

    public void put(int firstPoint, int[] block) {
        System.arraycopy(block, 0, counts, firstPoint, block.length);
    }

    public int count(int point) {
        return counts[point];
    }

    /** SHA-256 of the counts in row-major order, each a 4-byte little-endian integer. */
    public String checksum() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            ByteBuffer buf = ByteBuffer.allocate(4 * 4096).order(ByteOrder.LITTLE_ENDIAN);
            for (int c : counts) {
                if (!buf.hasRemaining()) {
                    sha.update(buf.flip());
                    buf.clear();
                }
                buf.putInt(c);
            }
            sha.update(buf.flip());
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    /** Grey levels by log of the count; points inside the set are black. */
    public void writePng(OutputStream out) throws IOException {
        BufferedImage img = new BufferedImage(spec.width(), spec.height(), BufferedImage.TYPE_INT_RGB);
        double scale = 255 / Math.log(spec.maxIter() + 1.0);
        for (int p = 0; p < counts.length; p++) {
            int grey = counts[p] >= spec.maxIter() ? 0 : (int) Math.round(255 - Math.log(counts[p] + 1.0) * scale);
            img.setRGB(p % spec.width(), p / spec.width(), grey << 16 | grey << 8 | grey);
        }
        if (!ImageIO.write(img, "png", out)) {
            throw new IOException("no PNG writer available");
        }
    }
}
