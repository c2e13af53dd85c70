! f08: a program on `use mpi_f08`, which MSE refuses at MPI_Init with one line naming `use mpi` (FortranExamplesIT).
program f08
  use mpi_f08
  implicit none
  integer :: rank
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Finalize()
end program f08
