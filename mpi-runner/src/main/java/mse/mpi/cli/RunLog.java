package mse.mpi.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * The full DEBUG log of the emulator and the launcher for one run, in results/<run>/mse.log, beside the
 * concise INFO on stderr. Attached when the run's directory is made, detached when the command ends.
 */
final class RunLog {

    private static FileAppender<ILoggingEvent> current;

    private RunLog() {
    }

    static synchronized void attach(Path dir) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return; // another SLF4J binding: nothing to attach to
        }
        detach();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{HH:mm:ss.SSS} %-5level [%thread] %logger{30} - %msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName("run-log");
        file.setFile(dir.resolve("mse.log").toString());
        file.setEncoder(encoder);
        file.start();
        root(context).addAppender(file);
        current = file;
    }

    static synchronized void detach() {
        if (current != null && LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            root(context).detachAppender(current);
            current.stop();
            current = null;
        }
    }

    private static Logger root(LoggerContext context) {
        return context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }
}
