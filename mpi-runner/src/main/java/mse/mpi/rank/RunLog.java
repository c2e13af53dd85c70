package mse.mpi.rank;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.read.CyclicBufferAppender;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Where log events go. The console (stderr) shows WARN and ERROR only, INFO too with --verbose; the whole
 * DEBUG log of a run goes to mse.log in its results directory, written by the launcher's JVM and by every
 * rank JVM mpirun starts for it (they append to the same file under a lock: logback's prudent mode).
 *
 * <p>Events logged before the run's directory exists are held (the last {@value #HELD_EVENTS}) and written
 * to mse.log when it is attached, so the file tells the whole run. An internal error's stack trace goes to
 * the file only, through {@link #DETAILS}, a logger with no console.
 */
public final class RunLog {

    /** The system property naming a rank JVM's log file (set on the java command line mpirun runs). */
    public static final String FILE_PROPERTY = "mse.log.file";
    /** The system property {@link LogSetup} reads for the console's threshold (WARN unless set). */
    public static final String CONSOLE_PROPERTY = "mse.console.level";
    /**
     * The logger whose events go to mse.log only, never to the console (see {@link LogSetup}): the stack trace
     * behind a one-line message on stderr.
     */
    public static final String DETAILS = "mse.details";

    static final String FILE_NAME = "mse.log";
    private static final int HELD_EVENTS = 2000;

    private static FileAppender<ILoggingEvent> current;
    /** A rank JVM the launcher started: where its lines go, without logback ({@link #startRank}). */
    private static volatile RankLogFile rankFile;
    private static CyclicBufferAppender<ILoggingEvent> held;
    private static Level console = Level.WARN;

    private RunLog() {
    }

    /** The command line's JVM: hold events until a run's directory exists. */
    public static synchronized void holdEarlyEvents() {
        if (context() instanceof LoggerContext context && held == null && current == null) {
            held = new CyclicBufferAppender<>();
            held.setContext(context);
            held.setName("held-events");
            held.setMaxSize(HELD_EVENTS);
            held.start();
            root(context).addAppender(held);
        }
    }

    /** INFO on stderr (verbose) or WARN and ERROR only (the default). */
    public static synchronized void verbose(boolean on) {
        Level level = on ? Level.INFO : Level.WARN;
        console = level;
        if (context() instanceof LoggerContext context) {
            Appender<ILoggingEvent> stderr = root(context).getAppender(LogSetup.CONSOLE_APPENDER);
            if (stderr != null) {
                stderr.clearAllFilters();
                stderr.addFilter(LogSetup.threshold(level));
            }
        }
    }

    /**
     * A rank JVM: log to the file the launcher named (-Dmse.log.file), else to mse.log in the results directory
     * of a run the ranks emulate themselves (--emulate --out DIR, dir null otherwise).
     */
    public static void startRank(Path hostedRunDir) {
        String file = System.getProperty(FILE_PROPERTY);
        if (file != null && !file.isBlank() && hostedRunDir == null) {
            rankFile = new RankLogFile(Path.of(file)); // a rank of the launcher's: its few lines without logback
        } else if (file != null && !file.isBlank()) {
            attachFile(Path.of(file));
        } else if (hostedRunDir != null) {
            attach(hostedRunDir); // rank 0 hosts the emulator, whose actors log through logback
        }
    }

    /** The stack trace behind a one-line message on stderr, for mse.log only ({@link #DETAILS}). */
    public static void details(String format, Throwable thrown, Object... arguments) {
        RankLogFile rank = rankFile;
        if (rank != null) {
            rank.append("ERROR", DETAILS, format, arguments, thrown);
        } else {
            Object[] withThrown = java.util.Arrays.copyOf(arguments, arguments.length + 1);
            withThrown[arguments.length] = thrown;
            LoggerFactory.getLogger(DETAILS).error(format, withThrown);
        }
    }

    /**
     * A DEBUG line for mse.log, logged only where this JVM keeps a log (a run's file, or the command line's held
     * events). A rank JVM of a plain run keeps none: it then never starts logback, whose start costs 0.3 to 0.5 s
     * of CPU per JVM, as much as the rest of a small rank's start-up.
     */
    public static void debug(Class<?> source, String format, Object... arguments) {
        RankLogFile rank = rankFile;
        if (rank != null) {
            rank.append("DEBUG", source.getName(), format, arguments, null);
        } else if (keepsLog()) {
            LoggerFactory.getLogger(source).debug(format, arguments);
        }
    }

    private static synchronized boolean keepsLog() {
        return current != null || held != null;
    }

    /** The run's log: mse.log in its directory, from now until the command ends. */
    public static void attach(Path dir) {
        attachFile(dir.resolve(FILE_NAME));
    }

    /** The file the log goes to now, attaching results/mse.log first when no run has a directory yet. */
    public static synchronized Path fileForErrors() {
        if (current == null) {
            attach(Path.of("results"));
        }
        return current == null ? null : Path.of(current.getFile());
    }

    /**
     * The JVM options that make a rank log where this JVM logs: its file and its console threshold. Empty when
     * nothing is attached and the console is at its default, so a plain job's command line stays as it was.
     */
    public static synchronized List<String> rankJvmOptions() {
        List<String> options = new ArrayList<>();
        if (current != null) {
            options.add("-D" + FILE_PROPERTY + "=" + Path.of(current.getFile()).toAbsolutePath());
        }
        if (console != Level.WARN) {
            options.add("-D" + CONSOLE_PROPERTY + "=" + console.levelStr);
        }
        return options;
    }

    public static synchronized void detach() {
        if (current != null && context() instanceof LoggerContext context) {
            root(context).detachAppender(current);
            context.getLogger(DETAILS).detachAppender(current);
            current.stop();
            current = null;
        }
    }

    private static synchronized void attachFile(Path file) {
        if (!(context() instanceof LoggerContext context)) {
            return; // another SLF4J binding: nothing to attach to
        }
        detach();
        FileAppender<ILoggingEvent> appender = new FileAppender<>();
        appender.setContext(context);
        appender.setName("run-log");
        appender.setFile(file.toString());
        appender.setPrudent(true); // the launcher and the ranks append to one file
        appender.setEncoder(LogSetup.encoder(context, new LogLayouts.LogFile()));
        appender.start();
        if (!appender.isStarted()) {
            return; // cannot be written (logback says why in its status); the console still works
        }
        replayHeldEvents(context, appender);
        root(context).addAppender(appender);
        context.getLogger(DETAILS).addAppender(appender);
        current = appender;
    }

    private static void replayHeldEvents(LoggerContext context, FileAppender<ILoggingEvent> appender) {
        if (held == null) {
            return;
        }
        root(context).detachAppender(held);
        for (int i = 0; i < held.getLength(); i++) {
            appender.doAppend(held.get(i));
        }
        held.stop();
        held = null;
    }

    private static Object context() {
        return LoggerFactory.getILoggerFactory();
    }

    private static Logger root(LoggerContext context) {
        return context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }
}
