package mse.mpi.options;

import java.util.function.Supplier;

/**
 * The user's input is wrong; the message names the option or file (and line) and what is expected. The `mse`
 * command turns it into one line on stderr and exit code 2. Domain code rejects a value with an
 * IllegalArgumentException in its own words; only the command line, which knows the value came from the user,
 * converts that into bad input ({@link #check}), adding the option's name.
 */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    public BadInputException(String message) {
        super(message);
    }

    /** The value the user gave for option, checked by the domain: a rule it breaks is bad input naming option. */
    public static <T> T check(String option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + ": " + e.getMessage());
        }
    }

    /**
     * Input checked where the messages already name what is wrong: options checked together by their mixin
     * (AppOptions words its messages with the options' names), or a file a reader names with its line.
     */
    public static <T> T check(Supplier<T> validation) {
        try {
            return validation.get();
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    public static void check(Runnable validation) {
        check(() -> {
            validation.run();
            return null;
        });
    }
}
