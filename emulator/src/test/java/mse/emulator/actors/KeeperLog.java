package mse.emulator.actors;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.concurrent.CountDownLatch;
import org.slf4j.LoggerFactory;

/**
 * Stages a test after something the keeper did, told by its own log line (written on the keeper's thread once
 * the step is done): a latch, not a sleep, so a loaded machine cannot reorder what the test means to order.
 */
final class KeeperLog implements AutoCloseable {

    private final Logger keeper = (Logger) LoggerFactory.getLogger(VirtualTimeKeeper.class);
    private final Level level = keeper.getLevel();
    private final AppenderBase<ILoggingEvent> appender;
    private final CountDownLatch said = new CountDownLatch(1);

    /** Watches the keeper's log for a line starting with `prefix` (DEBUG lines included while this is open). */
    KeeperLog(String prefix) {
        appender = new AppenderBase<>() {
            @Override
            protected void append(ILoggingEvent event) {
                if (event.getFormattedMessage().startsWith(prefix)) {
                    said.countDown();
                }
            }
        };
        appender.start();
        keeper.addAppender(appender);
        keeper.setLevel(Level.DEBUG);
    }

    /** Waits until the keeper said it; false if it did not within `seconds`. */
    boolean await(long seconds) throws InterruptedException {
        return said.await(seconds, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        keeper.setLevel(level);
        keeper.detachAppender(appender);
        appender.stop();
    }
}
