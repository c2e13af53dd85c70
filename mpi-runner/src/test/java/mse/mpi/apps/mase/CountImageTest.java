package mse.mpi.apps.mase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class CountImageTest {

    @Test
    void checksumIsSha256OfLittleEndianCounts() throws Exception {
        ImageSpec spec = new ImageSpec(3, 2, -2, 1, -1.5, 1.5, 50);
        CountImage image = CountImage.sequential(spec);
        ByteBuffer bytes = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        for (int p = 0; p < 6; p++) {
            bytes.putInt(spec.count(p));
        }
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.array()));
        assertEquals(expected, image.checksum());
    }

    @Test
    void checksumSeesOneChangedCount() {
        ImageSpec spec = new ImageSpec(16, 16, -2, 1, -1.5, 1.5, 50);
        CountImage a = CountImage.sequential(spec);
        CountImage b = CountImage.sequential(spec);
        b.put(7, new int[] {b.count(7) + 1});
        assertNotEquals(a.checksum(), b.checksum());
    }

    @Test
    void writesAPng() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CountImage.sequential(new ImageSpec(8, 8, -2, 1, -1.5, 1.5, 50)).writePng(out);
        byte[] png = out.toByteArray();
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
    }
}
