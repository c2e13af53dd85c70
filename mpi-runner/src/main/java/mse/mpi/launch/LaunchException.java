package mse.mpi.launch;

/** A job could not be launched or did not finish; the message says why and, where it can, how to fix it. */
public class LaunchException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    public LaunchException(String message) {
        super(message);
    }
}
