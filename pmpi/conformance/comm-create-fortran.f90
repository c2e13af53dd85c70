! np: 4. Communicators through the Fortran binding (`use mpi`, MPI 3.1 §6.4): MPI_COMM_DUP, MPI_COMM_DUP_WITH_INFO,
! MPI_COMM_SPLIT (halves, ranks reversed by key, MPI_UNDEFINED gives MPI_COMM_NULL), MPI_COMM_CREATE (even ranks;
! the others get MPI_COMM_NULL), MPI_COMM_CREATE_GROUP (ranks 1 to 3 only) and MPI_COMM_FREE, with a message and a
! collective on each: statuses carry the new communicator's ranks, sums are over its members.
program comm_create_fortran
  use mpi
  implicit none
  integer :: rank, size, ierr, dup, info_dup, half, odd_only, evens, trio, world_group, group, value, total
  integer :: new_rank, new_size
  integer :: status(MPI_STATUS_SIZE)
  integer :: members(3)
  character(len=80) :: failure

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
  failure = ''

  call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
  call MPI_COMM_DUP_WITH_INFO(dup, MPI_INFO_NULL, info_dup, ierr)
  call MPI_ALLREDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, info_dup, ierr)
  if (total /= 6) failure = 'allreduce on the duplicate'

  ! Halves, each numbered backwards: world rank 1 is rank 0 of the lower half.
  call MPI_COMM_SPLIT(MPI_COMM_WORLD, rank / 2, -rank, half, ierr)
  call MPI_COMM_RANK(half, new_rank, ierr)
  call MPI_COMM_SIZE(half, new_size, ierr)
  if (new_size /= 2 .or. new_rank /= 1 - mod(rank, 2)) failure = 'split: ranks'
  if (new_rank == 0) then
    value = rank
    call MPI_SEND(value, 1, MPI_INTEGER, 1, 9, half, ierr)
  else
    call MPI_RECV(value, 1, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, half, status, ierr)
    if (status(MPI_SOURCE) /= 0 .or. status(MPI_TAG) /= 9 .or. value /= rank + 1) failure = 'split: status'
  end if
  call MPI_BCAST(value, 1, MPI_INTEGER, 0, half, ierr)
  if (value /= 2 * (rank / 2) + 1) failure = 'split: bcast'

  call MPI_COMM_SPLIT(MPI_COMM_WORLD, merge(MPI_UNDEFINED, 0, mod(rank, 2) == 0), rank, odd_only, ierr)
  if ((mod(rank, 2) == 0) .neqv. (odd_only == MPI_COMM_NULL)) failure = 'split: MPI_UNDEFINED'

  call MPI_COMM_GROUP(MPI_COMM_WORLD, world_group, ierr)
  members = (/ 0, 2, 0 /)
  call MPI_GROUP_INCL(world_group, 2, members, group, ierr)
  call MPI_COMM_CREATE(MPI_COMM_WORLD, group, evens, ierr)
  call MPI_GROUP_FREE(group, ierr)
  if (mod(rank, 2) == 0) then
    if (evens == MPI_COMM_NULL) failure = 'create: no communicator'
    call MPI_REDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, 0, evens, ierr)
    if (rank == 0 .and. total /= 2) failure = 'create: reduce'
    call MPI_COMM_FREE(evens, ierr)
  else if (evens /= MPI_COMM_NULL) then
    failure = 'create: a communicator outside the group'
  end if

  if (rank > 0) then
    members = (/ 1, 2, 3 /)
    call MPI_GROUP_INCL(world_group, 3, members, group, ierr)
    call MPI_COMM_CREATE_GROUP(MPI_COMM_WORLD, group, 5, trio, ierr)
    call MPI_GROUP_FREE(group, ierr)
    call MPI_COMM_SIZE(trio, new_size, ierr)
    call MPI_ALLREDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, trio, ierr)
    if (new_size /= 3 .or. total /= 6) failure = 'create_group'
    call MPI_BARRIER(trio, ierr)
    call MPI_COMM_FREE(trio, ierr)
    if (trio /= MPI_COMM_NULL) failure = 'free: not MPI_COMM_NULL'
  end if
  call MPI_GROUP_FREE(world_group, ierr)

  call MPI_ALLREDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_SELF, ierr)
  if (total /= rank) failure = 'MPI_COMM_SELF'

  if (odd_only /= MPI_COMM_NULL) call MPI_COMM_FREE(odd_only, ierr)
  call MPI_COMM_FREE(half, ierr)
  call MPI_COMM_FREE(info_dup, ierr)
  call MPI_COMM_FREE(dup, ierr)

  call verdict(rank, size, failure)
  call MPI_FINALIZE(ierr)
contains
  ! Rank 0 hears every rank's first failure and prints the verdict.
  subroutine verdict(rank, size, failure)
    integer, intent(in) :: rank, size
    character(len=80), intent(inout) :: failure
    character(len=80) :: theirs
    integer :: r, ierr
    if (rank /= 0) then
      call MPI_SEND(failure, 80, MPI_CHARACTER, 0, 77, MPI_COMM_WORLD, ierr)
      return
    end if
    do r = 1, size - 1
      call MPI_RECV(theirs, 80, MPI_CHARACTER, r, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      if (failure == '' .and. theirs /= '') failure = theirs
    end do
    if (failure == '') then
      print '(a)', 'comm-create-fortran: ok'
    else
      print '(a)', 'comm-create-fortran: FAIL ' // trim(failure)
    end if
  end subroutine verdict
end program comm_create_fortran
