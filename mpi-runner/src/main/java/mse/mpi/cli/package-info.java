/**
 * The mse command (picocli): its commands and option mixins, and the conversion of errors into exit codes (2 bad
 * input, 1 failed run, 70 internal error); what the commands orchestrate lives in mse.mpi.experiment. Results on
 * stdout, progress and errors on stderr, the log in mse.log.
 */
package mse.mpi.cli;
