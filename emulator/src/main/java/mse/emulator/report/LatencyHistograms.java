package mse.emulator.report;

import mse.emulator.kernel.MasterQueueStatistics;
import org.HdrHistogram.Histogram;

/**
 * The master bottleneck's distributions, as HdrHistograms: queue wait and slave wait in virtual
 * nanoseconds (written out in microseconds), queue length in messages. Three significant digits keep
 * the error under 0.1% at any magnitude.
 */
public final class LatencyHistograms implements MasterQueueStatistics.Sink {

    private static final int DIGITS = 3;

    private final Histogram queueWaitNanos = new Histogram(DIGITS);
    private final Histogram queueLength = new Histogram(DIGITS);
    private final Histogram slaveWaitNanos = new Histogram(DIGITS);
    private final Histogram receiveOverheadNanos = new Histogram(DIGITS);

    @Override
    public void queueWait(long nanos, long receiveNanos) {
        queueWaitNanos.recordValue(nanos);
        receiveOverheadNanos.recordValue(receiveNanos);
    }

    @Override
    public void queueLength(int waiting) {
        queueLength.recordValue(waiting);
    }

    @Override
    public void slaveWait(int slave, long nanos) {
        slaveWaitNanos.recordValue(nanos);
    }

    /** Adds another master's observations (multiple masters: one distribution over all of them). */
    public void add(LatencyHistograms other) {
        queueWaitNanos.add(other.queueWaitNanos);
        queueLength.add(other.queueLength);
        slaveWaitNanos.add(other.slaveWaitNanos);
        receiveOverheadNanos.add(other.receiveOverheadNanos);
    }

    public Histogram queueWaitNanos() {
        return queueWaitNanos;
    }

    public Histogram queueLength() {
        return queueLength;
    }

    public Histogram slaveWaitNanos() {
        return slaveWaitNanos;
    }

    public Histogram receiveOverheadNanos() {
        return receiveOverheadNanos;
    }
}
