/**
 * A user's own master/slave program written against Comm (counting primes), as the README's "Emulate a program
 * written on Comm" and docs/java-programs.md show: nothing in it knows whether it is emulated.
 */
package mse.mpi.apps.example;
