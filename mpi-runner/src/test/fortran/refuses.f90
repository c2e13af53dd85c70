! refuses: rank 1 calls MPI_COMM_SPLIT_TYPE, which MSE refuses: the emulated run must end at once naming the Fortran call
! and the rank (FortranExamplesIT).
program refuses
  use mpi
  implicit none
  integer :: rank, ierr, part
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 1) call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, part, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program refuses
