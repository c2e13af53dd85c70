package mse.mpi.apps.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicReference;
import mse.mpi.comm.LocalWorld;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The README's example program is a correct master/slave program: pi(10^5) = 9592 whatever P and chunk. */
class PrimeCountTest {

    @ParameterizedTest(name = "np {0}, chunk {1}")
    @CsvSource({"2, 1000", "3, 7", "6, 99998", "9, 50000"})
    void countsPrimesBelowTheLimit(int np, long chunk) {
        AtomicReference<mse.mpi.rank.RankResult> result = new AtomicReference<>();
        new LocalWorld(np).run(comm -> {
            mse.mpi.rank.RankResult r = PrimeCount.run(comm, 100_000, chunk);
            if (comm.rank() == 0) {
                result.set(r);
            }
        });
        assertEquals("9592", result.get().checksum());
    }
}
