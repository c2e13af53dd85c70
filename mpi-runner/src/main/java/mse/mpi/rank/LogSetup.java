package mse.mpi.rank;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's configuration for every MSE JVM (found through META-INF/services), in code rather than a logback.xml:
 * Joran's XML reading doubled logback's start-up, which every rank JVM pays. stdout is kept for results; stderr
 * (the appender {@value #CONSOLE_APPENDER}) shows WARN and ERROR, INFO too with -Dmse.console.level=INFO, which the
 * CLI's verbose option and the rank JVMs of a verbose run set. A run adds its DEBUG file, mse.log ({@link RunLog}),
 * so the mse loggers let DEBUG through and the console filters it. {@link RunLog#DETAILS} has no console: a stack
 * trace behind a one-line message on stderr goes to mse.log only. A -Dlogback.configurationFile still wins.
 */
public final class LogSetup extends ContextAwareBase implements Configurator {

    static final String CONSOLE_APPENDER = "STDERR";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName(CONSOLE_APPENDER);
        stderr.setTarget("System.err");
        stderr.addFilter(threshold(Level.toLevel(System.getProperty(RunLog.CONSOLE_PROPERTY), Level.WARN)));
        stderr.setEncoder(encoder(context, new LogLayouts.Console()));
        stderr.start();
        context.getLogger("org.apache.pekko").setLevel(Level.INFO);
        context.getLogger("mse").setLevel(Level.DEBUG);
        Logger details = context.getLogger(RunLog.DETAILS);
        details.setLevel(Level.ERROR);
        details.setAdditive(false);
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    static ThresholdFilter threshold(Level level) {
        ThresholdFilter threshold = new ThresholdFilter();
        threshold.setLevel(level.levelStr);
        threshold.start();
        return threshold;
    }

    static Encoder<ILoggingEvent> encoder(LoggerContext context, Layout<ILoggingEvent> layout) {
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        return encoder;
    }
}
