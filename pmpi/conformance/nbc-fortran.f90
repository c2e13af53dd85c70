! np: 3. Nonblocking collectives through the Fortran binding (`use mpi`, MPI 3.1 §5.12): INTEGER requests from
! MPI_IBCAST, MPI_IALLREDUCE, MPI_IREDUCE, MPI_IGATHER, MPI_ISCATTER, MPI_IALLGATHER and MPI_IALLTOALL completed
! together by MPI_WAITALL, and MPI_IBARRIER by MPI_TEST polled until it is done.
program nbc_fortran
  use mpi
  implicit none
  integer :: rank, size, ierr, i, requests(7), root_value, total, biggest, bad, worst
  integer :: mine(2), gathered(6), scattered(2), everyone(6), sent(3), received(3)
  integer :: statuses(MPI_STATUS_SIZE, 7), status(MPI_STATUS_SIZE)
  logical :: flag
  character(len=80) :: failure

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
  failure = ''
  root_value = -1
  if (rank == 2) root_value = 42
  mine = (/ rank, 10 * rank /)
  do i = 1, 3
    sent(i) = 100 * rank + i - 1
  end do
  do i = 1, 6
    gathered(i) = i
  end do
  call MPI_IBCAST(root_value, 1, MPI_INTEGER, 2, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_IALLREDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_IREDUCE(rank, biggest, 1, MPI_INTEGER, MPI_MAX, 1, MPI_COMM_WORLD, requests(3), ierr)
  call MPI_IGATHER(mine, 2, MPI_INTEGER, everyone, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, requests(4), ierr)
  call MPI_ISCATTER(gathered, 2, MPI_INTEGER, scattered, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, requests(5), ierr)
  call MPI_IALLGATHER(mine, 2, MPI_INTEGER, gathered, 2, MPI_INTEGER, MPI_COMM_WORLD, requests(6), ierr)
  call MPI_IALLTOALL(sent, 1, MPI_INTEGER, received, 1, MPI_INTEGER, MPI_COMM_WORLD, requests(7), ierr)
  call MPI_WAITALL(7, requests, statuses, ierr)
  if (root_value /= 42) failure = 'MPI_IBCAST'
  if (total /= size * (size - 1) / 2) failure = 'MPI_IALLREDUCE'
  if (rank == 1 .and. biggest /= size - 1) failure = 'MPI_IREDUCE'
  if (rank == 0 .and. everyone(2 * size) /= 10 * (size - 1)) failure = 'MPI_IGATHER'
  if (scattered(1) /= 2 * rank + 1) failure = 'MPI_ISCATTER'
  if (gathered(2 * size - 1) /= size - 1) failure = 'MPI_IALLGATHER'
  if (received(size) /= 100 * (size - 1) + rank) failure = 'MPI_IALLTOALL'
  call MPI_IBARRIER(MPI_COMM_WORLD, requests(1), ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_TEST(requests(1), flag, status, ierr)
  end do
  if (requests(1) /= MPI_REQUEST_NULL) failure = 'MPI_TEST left the MPI_IBARRIER request'
  bad = 0
  if (failure /= '') bad = rank + 1
  call MPI_ALLREDUCE(bad, worst, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (worst > 0 .and. failure == '') failure = 'on another rank'
  if (rank == 0) then
    if (failure == '') then
      print '(a,i0,a,i0)', 'broadcast ', root_value, ', sum of ranks ', total
      print '(a)', 'nbc-fortran: ok'
    else
      print '(a)', 'nbc-fortran: FAIL ' // trim(failure)
    end if
  end if
  call MPI_FINALIZE(ierr)
end program nbc_fortran
