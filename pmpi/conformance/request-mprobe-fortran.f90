! np: 2. Matched probes through the Fortran binding (`use mpi`, MPI 3.1 §3.8.2): MPI_MPROBE and MPI_IMPROBE give an
! INTEGER message handle that MPI_MRECV and MPI_IMRECV receive (setting it to MPI_MESSAGE_NULL), and MPI_PROC_NULL
! gives MPI_MESSAGE_NO_PROC.
program request_mprobe_fortran
  use mpi
  implicit none
  integer :: rank, ierr, message, request, count, value, values(3)
  integer :: status(MPI_STATUS_SIZE)
  logical :: flag
  character(len=80) :: failure

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  failure = ''
  if (rank == 1) then
    values = (/ 4, 5, 6 /)
    call MPI_SEND(values, 3, MPI_INTEGER, 0, 2, MPI_COMM_WORLD, ierr)
    call MPI_SEND(rank, 1, MPI_INTEGER, 0, 3, MPI_COMM_WORLD, ierr)
  else
    call MPI_MPROBE(MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, message, status, ierr)
    call MPI_GET_COUNT(status, MPI_INTEGER, count, ierr)
    values = 0
    call MPI_MRECV(values, count, MPI_INTEGER, message, status, ierr)
    if (message /= MPI_MESSAGE_NULL .or. count /= 3 .or. values(3) /= 6) failure = 'MPI_MPROBE and MPI_MRECV'
    flag = .false.
    do while (.not. flag)
      call MPI_IMPROBE(1, MPI_ANY_TAG, MPI_COMM_WORLD, flag, message, status, ierr)
    end do
    call MPI_IMRECV(value, 1, MPI_INTEGER, message, request, ierr)
    call MPI_WAIT(request, status, ierr)
    if (value /= 1 .or. status(MPI_TAG) /= 3) failure = 'MPI_IMPROBE and MPI_IMRECV'
    call MPI_MPROBE(MPI_PROC_NULL, 0, MPI_COMM_WORLD, message, status, ierr)
    if (message /= MPI_MESSAGE_NO_PROC .or. status(MPI_SOURCE) /= MPI_PROC_NULL) failure = 'MPI_MESSAGE_NO_PROC'
    call MPI_MRECV(value, 1, MPI_INTEGER, message, status, ierr)
    if (message /= MPI_MESSAGE_NULL .or. value /= 1) failure = 'MPI_MRECV of MPI_MESSAGE_NO_PROC'
    if (failure == '') then
      print '(a,i0,a,i0)', 'received ', count, ' values and tag ', 3
      print '(a)', 'request-mprobe-fortran: ok'
    else
      print '(a)', 'request-mprobe-fortran: FAIL ' // trim(failure)
    end if
  end if
  call MPI_FINALIZE(ierr)
end program request_mprobe_fortran
