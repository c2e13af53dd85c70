! np: 2. Persistent requests through the Fortran binding (`use mpi`, MPI 3.1 §3.9): MPI_SEND_INIT, MPI_SSEND_INIT,
! MPI_BSEND_INIT, MPI_RSEND_INIT and MPI_RECV_INIT give INTEGER handles that MPI_START and MPI_STARTALL start again and
! again; a wait leaves the handle active in the program's hands (inactive in MPI's terms), a test of an inactive one
! is complete at once, and MPI_REQUEST_FREE sets the handle to MPI_REQUEST_NULL.
program request_persistent_fortran
  use mpi
  implicit none
  integer :: rank, ierr, round, value, got(2), i, count
  integer :: sends(4), receive, status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 4)
  logical :: flag
  character(len=80) :: failure

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  failure = ''
  if (rank == 1) then
    call MPI_SEND_INIT(value, 1, MPI_INTEGER, 0, 4, MPI_COMM_WORLD, sends(1), ierr)
    call MPI_SSEND_INIT(value, 1, MPI_INTEGER, 0, 4, MPI_COMM_WORLD, sends(2), ierr)
    call MPI_BSEND_INIT(value, 1, MPI_INTEGER, MPI_PROC_NULL, 4, MPI_COMM_WORLD, sends(3), ierr)
    call MPI_RSEND_INIT(value, 1, MPI_INTEGER, MPI_PROC_NULL, 4, MPI_COMM_WORLD, sends(4), ierr)
    do round = 1, 3
      value = 100 * round
      call MPI_STARTALL(4, sends, ierr)
      call MPI_WAITALL(4, sends, statuses, ierr)
      do i = 1, 4
        if (sends(i) == MPI_REQUEST_NULL) failure = 'MPI_WAITALL freed a persistent send'
      end do
    end do
    do i = 1, 4
      call MPI_REQUEST_FREE(sends(i), ierr)
      if (sends(i) /= MPI_REQUEST_NULL) failure = 'MPI_REQUEST_FREE left a handle'
    end do
  else
    call MPI_RECV_INIT(got, 2, MPI_INTEGER, MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, receive, ierr)
    call MPI_TEST(receive, flag, status, ierr)
    if (.not. flag .or. receive == MPI_REQUEST_NULL) failure = 'test of an inactive request'
    do round = 1, 6
      got = 0
      call MPI_START(receive, ierr)
      call MPI_WAIT(receive, status, ierr)
      call MPI_GET_COUNT(status, MPI_INTEGER, count, ierr)
      if (receive == MPI_REQUEST_NULL) failure = 'MPI_WAIT freed the persistent receive'
      if (got(1) /= 100 * ((round + 1) / 2) .or. count /= 1 .or. status(MPI_SOURCE) /= 1) failure = 'wrong message'
    end do
    call MPI_REQUEST_FREE(receive, ierr)
    if (failure == '') then
      print '(a,i0,a)', 'last value ', got(1), ' from rank 1'
      print '(a)', 'request-persistent-fortran: ok'
    else
      print '(a)', 'request-persistent-fortran: FAIL ' // trim(failure)
    end if
  end if
  call MPI_FINALIZE(ierr)
end program request_persistent_fortran
