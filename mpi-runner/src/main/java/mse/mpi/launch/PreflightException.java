package mse.mpi.launch;

/**
 * A host of a multi-host run, or the network the run would use, is not ready; found before anything is
 * launched. The message names the host (or option) and the fix; the CLI exits with code 2.
 */
public final class PreflightException extends RuntimeException {
    private static final long serialVersionUID = 1L;


    public PreflightException(String message) {
        super(message);
    }
}
