package mse.emulator.wire;

/**
 * A frame that does not follow the wire format: unknown type, truncated, trailing bytes, oversized, bad
 * UTF-8, or the wrong family (a reply where a fact was expected). Unchecked because a peer that sends one
 * is broken or hostile; the only sane reaction is to close that connection.
 */
public final class MalformedFrameException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    public MalformedFrameException(String message) {
        super(message);
    }

    public MalformedFrameException(String message, Throwable cause) {
        super(message, cause);
    }
}
