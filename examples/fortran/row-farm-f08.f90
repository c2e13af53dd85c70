! row-farm-f08: row-farm.f90 on `use mpi_f08` (TYPE(MPI_Status), no ierror), message for message the same program
! printing the same line: a self-scheduling master/worker Mandelbrot image, one row per task. The master (rank 0)
! receives results from MPI_ANY_SOURCE with MPI_ANY_TAG: status%MPI_TAG names the row, status%MPI_SOURCE the worker
! that gets the next row.
! Usage: row-farm-f08 [ROWS [WIDTH [ITERATIONS]]] (defaults 120 160 400). Prints one deterministic line.
! Each worker reports each row with MSE_Task_done(row, its escape counts summed) from mse.f90, so that --task-cost
! per-iteration:DUR predicts it deterministically: the same prediction as row-farm's to the bit (FortranExamplesIT).
! Messages: a row to compute is 4 bytes (INTEGER row, tag = row); a result is WIDTH*4 bytes (INTEGER escape counts,
! tag = row); the end is 4 bytes with tag STOP_TAG.
program row_farm_f08
  use mpi_f08
  use mse
  implicit none
  integer, parameter :: STOP_TAG = 32000 ! above every row (ROWS is at most 32000), below MSE's reserved tags
  integer :: rank, size, rows, width, iterations

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size)
  rows = int_argument(1, 120)
  width = int_argument(2, 160)
  iterations = int_argument(3, 400)
  if (size < 2 .or. rows < 1 .or. rows > STOP_TAG .or. width < 1 .or. iterations < 1) then
    if (rank == 0) write (0, '(a)') 'usage: mpirun -np P row-farm-f08 [ROWS [WIDTH [ITERATIONS]]], P >= 2'
    call MPI_Finalize()
    stop 2
  end if
  if (rank == 0) then
    call master(size - 1)
  else
    call worker()
  end if
  call MPI_Finalize()

contains

  integer function int_argument(position, default)
    integer, intent(in) :: position, default
    character(len=32) :: text
    int_argument = default
    if (command_argument_count() >= position) then
      call get_command_argument(position, text)
      read (text, *) int_argument
    end if
  end function int_argument

  subroutine master(workers)
    integer, intent(in) :: workers
    integer :: w, next, busy, row
    type(MPI_Status) :: status
    integer, allocatable :: image(:, :), result(:)
    integer(kind=8) :: checksum, x, y
    allocate (image(width, 0:rows - 1), result(width))
    next = 0
    busy = 0
    do w = 1, workers
      row = next_row(next)
      call MPI_Send(row, 1, MPI_INTEGER, w, merge(STOP_TAG, row, row < 0), MPI_COMM_WORLD)
      if (row >= 0) busy = busy + 1
    end do
    do while (busy > 0)
      call MPI_Recv(result, width, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status)
      image(:, status%MPI_TAG) = result
      row = next_row(next)
      call MPI_Send(row, 1, MPI_INTEGER, status%MPI_SOURCE, merge(STOP_TAG, row, row < 0), MPI_COMM_WORLD)
      if (row < 0) busy = busy - 1
    end do
    ! checksum * 31 + count as the C farm sums it, but modulo 2**31 - 1 (Fortran has no unsigned wrap-around).
    checksum = 0
    do y = 0, rows - 1
      do x = 1, width
        checksum = modulo(checksum * 31 + image(x, y), 2147483647_8)
      end do
    end do
    write (*, '(a, i0, a, i0, a, i0)') 'row-farm rows=', rows, ' width=', width, ' checksum=', checksum
  end subroutine master

  integer function next_row(next)
    integer, intent(inout) :: next
    next_row = -1
    if (next < rows) then
      next_row = next
      next = next + 1
    end if
  end function next_row

  subroutine worker()
    integer :: row, x
    type(MPI_Status) :: status
    integer, allocatable :: result(:)
    allocate (result(width))
    do
      call MPI_Recv(row, 1, MPI_INTEGER, 0, MPI_ANY_TAG, MPI_COMM_WORLD, status)
      if (status%MPI_TAG == STOP_TAG) exit
      do x = 0, width - 1
        result(x + 1) = escape(-2.0d0 + 2.6d0 * x / width, -1.2d0 + 2.4d0 * row / rows)
      end do
      call MSE_Task_done(row, sum(int(result, 8)))
      call MPI_Send(result, width, MPI_INTEGER, 0, row, MPI_COMM_WORLD)
    end do
  end subroutine worker

  integer function escape(cr, ci)
    double precision, intent(in) :: cr, ci
    double precision :: zr, zi, t
    zr = 0
    zi = 0
    escape = 0
    do while (escape < iterations .and. zr * zr + zi * zi <= 4.0d0)
      t = zr * zr - zi * zi + cr
      zi = 2 * zr * zi + ci
      zr = t
      escape = escape + 1
    end do
  end function escape

end program row_farm_f08
