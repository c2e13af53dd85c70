/**
 * The options the `mse` commands and the ranks share, each declared once with one default (picocli mixins), and
 * BadInputException, what a wrong one becomes: one line naming it and exit code 2.
 */
package mse.mpi.options;
