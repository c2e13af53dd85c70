package mse.emulator.kernel;

/**
 * The errors of one kind a rank's program went on after (RankFact.MpiError): its MPI call, MPI's string of the error,
 * the handler that returned it, how many times, and the rank's virtual time at the first.
 */
public record MpiErrorCount(int rank, String call, String error, String handler, long count, long firstVirtualNanos) {

    /** The error's class as MPI names it: the first word of Open MPI's string ("MPI_ERR_TRUNCATE: message truncated"). */
    public String errorClass() {
        int colon = error.indexOf(':');
        return colon < 0 ? error : error.substring(0, colon);
    }
}
