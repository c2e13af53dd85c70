package mse.emulator.actors;

/** The emulated run ended without completing: deadlock, a failed rank, a rank that never connected. */
public class EmulationFailedException extends RuntimeException {

    public EmulationFailedException(String message) {
        super(message);
    }
}
