! np: 2. Through the Fortran binding (`use mpi`), started by MPI_INIT_THREAD: MPI_RSEND and MPI_IRSEND into receives
! posted first (ready mode, MPI 3.1 §3.4), completed by MPI_TESTSOME (indices from 1) and MPI_WAITALL, and an
! MPI_CANCEL of a receive nothing matches (§3.8.4: MPI_TEST_CANCELLED says so).
program p2p_send_modes_fortran
  use mpi
  implicit none
  integer :: rank, ierr, provided, go, outcount, i
  integer :: got(3), requests(3), indices(3), statuses(MPI_STATUS_SIZE, 3), status(MPI_STATUS_SIZE)
  logical :: cancelled
  character(len=60) :: failure

  call MPI_INIT_THREAD(MPI_THREAD_FUNNELED, provided, ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  failure = ''
  if (provided < MPI_THREAD_FUNNELED) failure = 'MPI_THREAD_FUNNELED not provided'
  if (rank == 1) then
    call MPI_RECV(go, 1, MPI_INTEGER, 0, 9, MPI_COMM_WORLD, status, ierr)
    call MPI_RSEND(41, 1, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, ierr)
    call MPI_IRSEND(42, 1, MPI_INTEGER, 0, 2, MPI_COMM_WORLD, requests(1), ierr)
    call MPI_WAITALL(1, requests, statuses, ierr)
  else
    got = 0
    call MPI_IRECV(got(1), 1, MPI_INTEGER, 1, 1, MPI_COMM_WORLD, requests(1), ierr)
    call MPI_IRECV(got(2), 1, MPI_INTEGER, 1, 2, MPI_COMM_WORLD, requests(2), ierr)
    call MPI_IRECV(got(3), 1, MPI_INTEGER, 1, 3, MPI_COMM_WORLD, requests(3), ierr)
    call MPI_SEND(1, 1, MPI_INTEGER, 1, 9, MPI_COMM_WORLD, ierr)
    i = 0
    do while (i < 2)
      call MPI_TESTSOME(2, requests, outcount, indices, statuses, ierr)
      if (outcount /= MPI_UNDEFINED) i = i + outcount
    end do
    call MPI_CANCEL(requests(3), ierr)
    call MPI_WAIT(requests(3), status, ierr)
    call MPI_TEST_CANCELLED(status, cancelled, ierr)
    if (got(1) /= 41 .or. got(2) /= 42) failure = 'ready sends delivered wrong values'
    if (.not. cancelled .or. got(3) /= 0) failure = 'the cancelled receive'
    if (failure == '') then
      print '(a)', 'p2p-send-modes-fortran: ok'
    else
      print '(a)', 'p2p-send-modes-fortran: FAIL ' // trim(failure)
    end if
  end if
  call MPI_FINALIZE(ierr)
end program p2p_send_modes_fortran
