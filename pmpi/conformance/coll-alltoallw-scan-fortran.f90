! np: 3. The v and w all-to-alls, the scans and the reduce-scatters through the Fortran binding (`use mpi`, MPI 3.1
! §5.8, §5.10, §5.11): MPI_ALLTOALLV with blocks of 0 to 2 INTEGERs, MPI_ALLTOALLW with an INTEGER array of datatype
! handles (one per rank, converted each) and byte displacements, MPI_ALLTOALLV with MPI_IN_PLACE, and MPI_IALLTOALLV.
! Not MPI_IALLTOALLW: plain Open MPI 4.1's own Fortran wrapper of it frees the datatypes' C array it made when it
! returns, which its schedule still reads, and the program dies in the wait (the library copies them; the C case
! coll-alltoallvw calls it). MPI_SCAN, MPI_EXSCAN with MPI_IN_PLACE (rank 0's buffer left as it was), MPI_ISCAN,
! MPI_IEXSCAN, MPI_REDUCE_SCATTER_BLOCK, MPI_REDUCE_SCATTER with MPI_IN_PLACE and blocks of 1 to 3,
! MPI_IREDUCE_SCATTER_BLOCK and MPI_IREDUCE_SCATTER.
program coll_alltoallw_scan_fortran
  use mpi
  implicit none
  integer :: rank, size, ierr, j, k, bad, worst, total
  integer :: sendcounts(0:2), sdispls(0:2), recvcounts(0:2), rdispls(0:2), requests(2)
  integer :: wcounts(0:2), wdispls(0:2), types(0:2), ints(0:2)
  integer :: sent(0:8), received(0:8), again(0:8), placed(0:8), pair
  integer :: statuses(MPI_STATUS_SIZE, 2)
  character(len=80) :: failure

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
  failure = ''
  call MPI_TYPE_CONTIGUOUS(2, MPI_INTEGER, pair, ierr)
  call MPI_TYPE_COMMIT(pair, ierr)
  ! rank r sends j mod(r + 2 j, 3) INTEGERs 1000 r + 100 j + k from 3 j, and receives j's at 3 j
  sent = -1
  received = -7
  again = -7
  do j = 0, size - 1
    sendcounts(j) = mod(rank + 2 * j, 3)
    recvcounts(j) = mod(j + 2 * rank, 3)
    sdispls(j) = 3 * j
    rdispls(j) = 3 * j
    do k = 0, sendcounts(j) - 1
      sent(3 * j + k) = 1000 * rank + 100 * j + k
    end do
  end do
  call MPI_ALLTOALLV(sent, sendcounts, sdispls, MPI_INTEGER, received, recvcounts, rdispls, MPI_INTEGER, &
                     MPI_COMM_WORLD, ierr)
  call check_blocks(received, 'MPI_ALLTOALLV')
  ! the same blocks as alltoallw: a pair where a block has 2 INTEGERs, else INTEGERs; displacements in bytes
  received = -7
  do j = 0, size - 1
    types(j) = MPI_INTEGER
    wcounts(j) = sendcounts(j)
    if (sendcounts(j) == 2) types(j) = pair
    if (sendcounts(j) == 2) wcounts(j) = 1
    wdispls(j) = 4 * 3 * j
  end do
  ints = MPI_INTEGER
  call MPI_ALLTOALLW(sent, wcounts, wdispls, types, received, recvcounts, wdispls, ints, MPI_COMM_WORLD, ierr)
  call check_blocks(received, 'MPI_ALLTOALLW')
  call MPI_IALLTOALLV(sent, sendcounts, sdispls, MPI_INTEGER, again, recvcounts, rdispls, MPI_INTEGER, &
                      MPI_COMM_WORLD, requests(1), ierr)
  call MPI_WAITALL(1, requests, statuses, ierr)
  call check_blocks(again, 'MPI_IALLTOALLV')
  ! in place: symmetric counts mod(r + j, 3), the send arguments ignored
  placed = -7
  do j = 0, size - 1
    recvcounts(j) = mod(rank + j, 3)
    do k = 0, recvcounts(j) - 1
      placed(3 * j + k) = 1000 * rank + 100 * j + k
    end do
  end do
  call MPI_ALLTOALLV(MPI_IN_PLACE, sendcounts, sdispls, MPI_INTEGER, placed, recvcounts, rdispls, MPI_INTEGER, &
                     MPI_COMM_WORLD, ierr)
  total = 0
  do j = 0, size - 1
    do k = 0, 2
      if (k < recvcounts(j)) then
        if (placed(3 * j + k) /= 1000 * j + 100 * rank + k) failure = 'MPI_ALLTOALLV in place'
        total = total + placed(3 * j + k)
      else if (placed(3 * j + k) /= -7) then
        failure = 'MPI_ALLTOALLV in place wrote a gap'
      end if
    end do
  end do
  call prefixes_and_blocks()
  call MPI_TYPE_FREE(pair, ierr)
  bad = 0
  if (failure /= '') bad = rank + 1
  call MPI_ALLREDUCE(bad, worst, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (worst > 0 .and. failure == '') failure = 'on another rank'
  if (rank == 0) then
    if (failure == '') then
      print '(a,i0)', 'rank 0 in place received, with its reduce-scatter block, ', total
      print '(a)', 'coll-alltoallw-scan-fortran: ok'
    else
      print '(a)', 'coll-alltoallw-scan-fortran: FAIL ' // trim(failure)
    end if
  end if
  call MPI_FINALIZE(ierr)

contains

  ! The scans and reduce-scatters of rank + 1 (and of rank-dependent vectors), blocking and nonblocking.
  subroutine prefixes_and_blocks()
    integer :: mine, upto, before, vector(6), block(6), counts(0:2), expected, request, status(MPI_STATUS_SIZE)
    mine = rank + 1
    call MPI_SCAN(mine, upto, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (upto /= (rank + 1) * (rank + 2) / 2) failure = 'MPI_SCAN'
    before = mine
    call MPI_EXSCAN(MPI_IN_PLACE, before, 1, MPI_INTEGER, MPI_PROD, MPI_COMM_WORLD, ierr)
    expected = 1
    if (rank == 1) expected = 1
    if (rank == 2) expected = 2
    if (before /= expected) failure = 'MPI_EXSCAN in place'
    call MPI_ISCAN(mine, upto, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, request, ierr)
    call MPI_WAIT(request, status, ierr)
    if (upto /= rank + 1) failure = 'MPI_ISCAN'
    before = -4
    call MPI_IEXSCAN(mine, before, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, request, ierr)
    call MPI_WAIT(request, status, ierr)
    if (rank > 0 .and. before /= rank * (rank + 1) / 2) failure = 'MPI_IEXSCAN'
    if (rank == 0 .and. before /= -4) failure = 'MPI_IEXSCAN wrote rank 0'
    do j = 1, 6
      vector(j) = 10 * rank + j
    end do
    block = -1
    call MPI_REDUCE_SCATTER_BLOCK(vector, block, 2, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    do j = 1, 2
      if (block(j) /= 30 + 3 * (2 * rank + j)) failure = 'MPI_REDUCE_SCATTER_BLOCK'
    end do
    block = -1
    call MPI_IREDUCE_SCATTER_BLOCK(vector, block, 2, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, request, ierr)
    call MPI_WAIT(request, status, ierr)
    if (block(1) /= 20 + 2 * rank + 1 .or. block(3) /= -1) failure = 'MPI_IREDUCE_SCATTER_BLOCK'
    counts = (/ 1, 3, 2 /)
    call MPI_REDUCE_SCATTER(MPI_IN_PLACE, vector, counts, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    before = sum(counts(0:rank)) - counts(rank)
    do j = 1, counts(rank)
      if (vector(j) /= 30 + 3 * (before + j)) failure = 'MPI_REDUCE_SCATTER in place'
      total = total + vector(j)
    end do
    do j = 1, 6
      vector(j) = 10 * rank + j
    end do
    block = -1
    call MPI_IREDUCE_SCATTER(vector, block, counts, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, request, ierr)
    call MPI_WAIT(request, status, ierr)
    do j = 1, counts(rank)
      if (block(j) /= before + j) failure = 'MPI_IREDUCE_SCATTER'
    end do
    if (block(counts(rank) + 1) /= -1) failure = 'MPI_IREDUCE_SCATTER wrote past its block'
  end subroutine prefixes_and_blocks

  ! The block from each rank j: recvcounts(j) INTEGERs 1000 j + 100 rank + k at 3 j, the rest untouched.
  subroutine check_blocks(got, what)
    integer, intent(in) :: got(0:8)
    character(len=*), intent(in) :: what
    integer :: jj, kk
    do jj = 0, size - 1
      do kk = 0, 2
        if (kk < recvcounts(jj)) then
          if (got(3 * jj + kk) /= 1000 * jj + 100 * rank + kk) failure = what
        else if (got(3 * jj + kk) /= -7) then
          failure = what // ' wrote a gap'
        end if
      end do
    end do
  end subroutine check_blocks
end program coll_alltoallw_scan_fortran
