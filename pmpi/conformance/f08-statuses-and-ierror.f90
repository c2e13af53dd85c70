! np: 3. Through the Fortran 2008 binding (`use mpi_f08`, MPI 3.1 §17.1.2): the optional ierror given (MPI_SUCCESS
! written) and left out; wildcard receives completed by MPI_WAITALL into an array of TYPE(MPI_Status) whose
! MPI_SOURCE, MPI_TAG and MPI_GET_COUNT read what each sender sent, and whose MPI_ERROR is printed (§3.7.5 lets a
! successful MPI_WAITALL leave it or set it: the emulated run must do what Open MPI does); MPI_WAITANY's index from 1
! and handles compared with `==` after it. Senders send their second message after a barrier, so that no wildcard
! receive can match it.
program f08_statuses_and_ierror
  use mpi_f08
  implicit none
  integer :: rank, size, ierror, i, index, count, got(0:7), order(0:7)
  type(MPI_Status) :: statuses(7), status
  type(MPI_Request) :: requests(7)
  character(len=80) :: failure

  ierror = -1
  call MPI_INIT(ierror)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierror)
  failure = ''
  if (ierror /= MPI_SUCCESS) failure = 'ierror not MPI_SUCCESS'
  if (rank /= 0) then
    got(0) = rank
    call MPI_SEND(got, 1, MPI_INTEGER, 0, 10 + rank, MPI_COMM_WORLD)
    call MPI_BARRIER(MPI_COMM_WORLD) ! the wildcard receives are complete: this message cannot match one
    call MPI_SEND(rank, 1, MPI_INTEGER, 0, 20, MPI_COMM_WORLD, ierror)
  else
    got = -1
    statuses(:)%MPI_ERROR = 77
    do i = 1, size - 1
      call MPI_IRECV(got(i - 1), 1, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, requests(i))
    end do
    call MPI_WAITALL(size - 1, requests, statuses, ierror)
    call MPI_BARRIER(MPI_COMM_WORLD)
    if (ierror /= MPI_SUCCESS .or. any(requests(1:size - 1) /= MPI_REQUEST_NULL)) failure = 'waitall'
    ! Sources in the order this rank received from them vary; what each status says about its source does not.
    order = -1
    do i = 1, size - 1
      call MPI_GET_COUNT(statuses(i), MPI_INTEGER, count)
      if (statuses(i)%MPI_TAG /= 10 + statuses(i)%MPI_SOURCE .or. count /= 1 .or. got(i - 1) /= statuses(i)%MPI_SOURCE) &
        failure = 'status'
      order(statuses(i)%MPI_SOURCE) = i
    end do
    do i = 1, size - 1
      if (order(i) < 0) failure = 'a source missing'
    end do
    print '(a, i0, a)', 'received from ', size - 1, ' senders, each its rank'
    print '(a, 7(1x, i0))', 'MPI_ERROR by source:', (statuses(order(i))%MPI_ERROR, i = 1, size - 1)
    do i = 1, size - 1
      call MPI_IRECV(got(i), 1, MPI_INTEGER, i, 20, MPI_COMM_WORLD, requests(i))
    end do
    do i = 1, size - 1
      call MPI_WAITANY(size - 1, requests, index, status)
      if (index < 1 .or. index >= size .or. requests(index) /= MPI_REQUEST_NULL) failure = 'waitany index'
      if (status%MPI_SOURCE /= index .or. got(index) /= index) failure = 'waitany status'
    end do
    call MPI_WAITANY(size - 1, requests, index, status, ierror)
    if (index /= MPI_UNDEFINED .or. ierror /= MPI_SUCCESS) failure = 'waitany over no active request'
  end if
  call MPI_BCAST(failure, 80, MPI_CHARACTER, 0, MPI_COMM_WORLD)
  if (rank == 0) then
    if (failure == '') then
      print '(a)', 'f08-statuses-and-ierror: ok'
    else
      print '(a)', 'f08-statuses-and-ierror: FAIL ' // trim(failure)
    end if
  end if
  call MPI_FINALIZE()
end program f08_statuses_and_ierror
