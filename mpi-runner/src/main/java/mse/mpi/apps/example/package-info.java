/**
 * A user's own master/slave program written against Comm (counting primes), as the README's "Emulate your own
 * program" shows: nothing in it knows whether it is emulated.
 */
package mse.mpi.apps.example;
