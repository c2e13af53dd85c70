package mse.mpi.comm;

/** Source, tag and length of a message, as an MPI status tells them. */
public record Envelope(int source, int tag, int bytes) {}
