! refuses: rank 1 calls MPI_COMM_SPAWN, which MSE refuses: the emulated run must end at once naming the Fortran call
! and the rank (FortranExamplesIT).
program refuses
  use mpi
  implicit none
  integer :: rank, ierr, children
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 1) call MPI_Comm_spawn('refuses', MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, children, &
                                     MPI_ERRCODES_IGNORE, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program refuses
