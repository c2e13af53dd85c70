! f08: a program on `use mpi_f08` whose rank 1 calls MPI_Win_fence, which MSE refuses: the emulated run must end at
! once naming the call as Fortran spells it and the rank, as for `use mpi` (FortranExamplesIT).
program f08
  use mpi_f08
  implicit none
  integer :: rank
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  if (rank == 1) call MPI_Win_fence(0, MPI_WIN_NULL)
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Finalize()
end program f08
