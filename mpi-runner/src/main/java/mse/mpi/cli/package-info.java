/**
 * The mse command (picocli): its commands and option mixins, the tables it prints and the conversion of errors
 * into exit codes (2 bad input, 1 failed run, 70 internal error). Results on stdout, progress and errors on
 * stderr, the log in mse.log.
 */
package mse.mpi.cli;
