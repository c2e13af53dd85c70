package mse.cluster.profiles;

/**
 * A profile that cannot be used: unreadable, malformed HOCON, a missing, unknown or invalid key, or an
 * unknown preset. The message says where, as "file:line: key.path: what is wrong", so a user can fix it;
 * the CLI maps this exception to exit code 2.
 */
public final class ProfileException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    public ProfileException(String message) {
        super(message);
    }

    public ProfileException(String message, Throwable cause) {
        super(message, cause);
    }
}
