package mse.mpi.rank;

import ch.qos.logback.classic.pattern.TargetLengthBasedClassNameAbbreviator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The two line formats of MSE's log, written by hand rather than as logback patterns: a PatternLayout's parser
 * and converters are most of logback's start-up, which every JVM of a run pays (a large share of a rank's CPU).
 */
final class LogLayouts {

    private LogLayouts() {
    }

    /** stderr: "[WARN] message" (pattern "[%level] %msg%n"), then the stack trace if the event has one. */
    static final class Console extends LayoutBase<ILoggingEvent> {
        @Override
        public String doLayout(ILoggingEvent event) {
            return withThrowable(new StringBuilder().append('[').append(event.getLevel()).append("] ")
                    .append(event.getFormattedMessage()).append(CoreConstants.LINE_SEPARATOR), event);
        }
    }

    /** mse.log: "12:00:01.234 DEBUG [main] mse.mpi.rank.RankRuntime - message" (%d{HH:mm:ss.SSS} %-5level [%thread] %logger{30} - %msg%n). */
    static final class LogFile extends LayoutBase<ILoggingEvent> {

        private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
        private final TargetLengthBasedClassNameAbbreviator logger = new TargetLengthBasedClassNameAbbreviator(30);

        @Override
        public String doLayout(ILoggingEvent event) {
            LocalTime time = LocalTime.ofInstant(Instant.ofEpochMilli(event.getTimeStamp()), ZoneId.systemDefault());
            StringBuilder line = new StringBuilder(128);
            TIME.formatTo(time, line);
            String level = event.getLevel().toString();
            line.append(' ').append(level).append(" ".repeat(Math.max(1, 6 - level.length())))
                    .append('[').append(event.getThreadName()).append("] ")
                    .append(logger.abbreviate(event.getLoggerName())).append(" - ")
                    .append(event.getFormattedMessage()).append(CoreConstants.LINE_SEPARATOR);
            return withThrowable(line, event);
        }
    }

    private static String withThrowable(StringBuilder line, ILoggingEvent event) {
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            line.append(ThrowableProxyUtil.asString(thrown)).append(CoreConstants.LINE_SEPARATOR);
        }
        return line.toString();
    }
}
