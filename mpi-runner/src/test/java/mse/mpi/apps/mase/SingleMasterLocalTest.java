package mse.mpi.apps.mase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.atomic.AtomicReference;
import mse.mpi.comm.LocalWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SI on ranks as threads (LocalComm): the master's image equals the sequential computation bit for bit. */
class SingleMasterLocalTest {

    @ParameterizedTest(name = "np {0}, {1} points per task")
    @CsvSource({"2, 1", "5, 1", "2, 64", "5, 64", "5, 7", "5, 1000"})
    void imageMatchesSequential(int np, int taskPoints) {
        MaseJob job = new MaseJob(new ImageSpec(48, 40, -2, 1, -1.5, 1.5, 200), taskPoints);
        AtomicReference<CountImage> result = new AtomicReference<>();
        new LocalWorld(np).run(comm -> {
            CountImage image = SingleMaster.run(comm, job);
            if (comm.rank() == 0) {
                assertNotNull(image);
                result.set(image);
            } else {
                assertNull(image);
            }
        });
        assertEquals(CountImage.sequential(job.image()).checksum(), result.get().checksum());
    }
}
