package mse.mpi.cli;

/** The user's input is wrong; the message names the option or file (and line) and what is expected. */
public class BadInputException extends RuntimeException {

    public BadInputException(String message) {
        super(message);
    }
}
