package mse.mpi.comm;

/** A communication failure, with the rank it happened on. */
public class CommException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    public CommException(String message, Throwable cause) {
        super(message, cause);
    }

    public CommException(String message) {
        super(message);
    }
}
