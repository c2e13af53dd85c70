package mse.mpi.apps.mase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TaskBlocksTest {

    @Test
    void blocksCoverEveryPointOnceInOrder() {
        TaskBlocks blocks = new TaskBlocks(100, 30);
        assertEquals(4, blocks.count());
        assertEquals(90, blocks.first(3));
        assertEquals(10, blocks.length(3));
        int covered = 0;
        for (int t = 0; t < blocks.count(); t++) {
            assertEquals(covered, blocks.first(t));
            covered += blocks.length(t);
        }
        assertEquals(100, covered);
    }

    @Test
    void onePointPerTaskIsThePaperDefault() {
        TaskBlocks blocks = new TaskBlocks(256 * 256, 1);
        assertEquals(65536, blocks.count());
        assertEquals(1, blocks.length(65535));
    }

    @Test
    void rejectsBlocksLargerThanTheImageOrEmpty() {
        assertThrows(IllegalArgumentException.class, () -> new TaskBlocks(100, 101));
        assertThrows(IllegalArgumentException.class, () -> new TaskBlocks(100, 0));
    }
}
