! np: 2. MPI_REQUEST_GET_STATUS through the Fortran binding (`use mpi`): LOGICAL flag, INTEGER request left active,
! the status array filled; the request completes with MPI_WAIT afterwards (MPI 3.1 §3.7.3).
program request_get_status_fortran
  use mpi
  implicit none
  integer :: rank, ierr, request, value, count
  integer :: status(MPI_STATUS_SIZE), again(MPI_STATUS_SIZE)
  logical :: flag
  character(len=80) :: failure

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  failure = ''
  if (rank == 1) then
    value = 7
    call MPI_SEND(value, 1, MPI_INTEGER, 0, 3, MPI_COMM_WORLD, ierr)
  else
    value = 0
    call MPI_IRECV(value, 1, MPI_INTEGER, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, request, ierr)
    flag = .false.
    do while (.not. flag)
      call MPI_REQUEST_GET_STATUS(request, flag, status, ierr)
    end do
    if (request == MPI_REQUEST_NULL) failure = 'get_status freed the request'
    if (status(MPI_SOURCE) /= 1 .or. status(MPI_TAG) /= 3 .or. value /= 7) failure = 'wrong status or value'
    call MPI_WAIT(request, again, ierr)
    call MPI_GET_COUNT(again, MPI_INTEGER, count, ierr)
    if (request /= MPI_REQUEST_NULL .or. count /= 1) failure = 'wait after get_status'
    if (failure == '') then
      print '(a)', 'request-get-status-fortran: ok'
    else
      print '(a)', 'request-get-status-fortran: FAIL ' // trim(failure)
    end if
  end if
  call MPI_FINALIZE(ierr)
end program request_get_status_fortran
