package mse.emulator.wire;

/**
 * The emulated run is over for this rank: the emulator sent Abort (deadlock, another rank failed) or the
 * connection to the emulator is gone. Unchecked so it unwinds through the application's Comm calls.
 */
public final class EmulationAbortedException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    private final String reason;

    public EmulationAbortedException(String reason) {
        this(reason, null);
    }

    public EmulationAbortedException(String reason, Throwable cause) {
        super("emulation aborted: " + reason, cause);
        this.reason = reason;
    }

    /** The reason as the emulator (or the link, for a lost connection) stated it. */
    public String reason() {
        return reason;
    }
}
