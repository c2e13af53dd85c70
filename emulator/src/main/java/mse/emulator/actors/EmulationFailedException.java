package mse.emulator.actors;

/** The emulated run ended without completing: deadlock, a failed rank, a rank that never connected. */
public class EmulationFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    public EmulationFailedException(String message) {
        super(message);
    }
}
