! bcast-reduce (`include 'mpif.h'`): rank 0 broadcasts the problem (MPI_BCAST of INTEGERs, then of a DOUBLE
! PRECISION table), every rank sums its share of it, passes its partial sum round a ring (MPI_IRECV, MPI_ISEND,
! MPI_WAITALL with statuses) to check it, and MPI_REDUCE gathers the totals at rank 0: the sum as DOUBLE PRECISION
! and the largest share as INTEGER in place (MPI_IN_PLACE at the root). The values are whole numbers below 2**53, so
! every sum is exact in any order. Usage: bcast-reduce [N [ROUNDS]] (defaults 100000 20). Prints one line.
program bcast_reduce
  implicit none
  include 'mpif.h'
  integer :: rank, size, ierr, i, round, problem(2), share, left, right, left_share
  integer :: requests(2), statuses(MPI_STATUS_SIZE, 2)
  double precision, allocatable :: table(:)
  double precision :: partial, total, checked
  character(len=32) :: text

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
  if (rank == 0) then
    problem = [100000, 20]
    do i = 1, min(2, command_argument_count())
      call get_command_argument(i, text)
      read (text, *) problem(i)
    end do
  end if
  call MPI_BCAST(problem, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  if (problem(1) < 1 .or. problem(2) < 1) then
    if (rank == 0) write (0, '(a)') 'usage: mpirun -np P bcast-reduce [N [ROUNDS]], N and ROUNDS >= 1'
    call MPI_FINALIZE(ierr)
    stop 2
  end if
  allocate (table(problem(1)))
  if (rank == 0) table = [(dble(mod(i * 7919, 1000)), i = 1, problem(1))]
  call MPI_BCAST(table, problem(1), MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)

  left = modulo(rank - 1, size)
  right = modulo(rank + 1, size)
  total = 0
  share = 0
  do round = 1, problem(2)
    partial = 0
    share = 0
    do i = 1 + rank, problem(1), size
      partial = partial + table(i) * round
      share = share + 1
    end do
    ! The ring: each rank checks that its left neighbour's message is that neighbour's partial sum's size.
    call MPI_IRECV(left_share, 1, MPI_INTEGER, left, round, MPI_COMM_WORLD, requests(1), ierr)
    call MPI_ISEND(share, 1, MPI_INTEGER, right, round, MPI_COMM_WORLD, requests(2), ierr)
    call MPI_WAITALL(2, requests, statuses, ierr)
    if (statuses(MPI_SOURCE, 1) /= left .or. left_share /= count_of(left)) then
      write (0, '(a, i0)') 'bcast-reduce: wrong ring message at rank ', rank
      call MPI_ABORT(MPI_COMM_WORLD, 3, ierr)
    end if
    call MPI_REDUCE(partial, checked, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    if (rank == 0) total = total + checked
  end do
  if (rank == 0) then
    call MPI_REDUCE(MPI_IN_PLACE, share, 1, MPI_INTEGER, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
    write (*, '(a, i0, a, i0, a, i0, a, i0)') 'bcast-reduce n=', problem(1), ' rounds=', problem(2), &
      ' total=', int(total, 8), ' largest-share=', share
  else
    call MPI_REDUCE(share, share, 1, MPI_INTEGER, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  end if
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call MPI_FINALIZE(ierr)

contains

  integer function count_of(owner)
    integer, intent(in) :: owner
    count_of = (problem(1) - owner + size - 1) / size
  end function count_of

end program bcast_reduce
