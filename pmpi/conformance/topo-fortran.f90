! np: 4. Topologies through the Fortran binding (`use mpi`, MPI 3.1 §7.5): MPI_CART_CREATE of a 2 x 2 grid periodic
! in its first dimension (LOGICAL periods and reorder), MPI_CART_SHIFT and a halo exchange by MPI_SENDRECV,
! MPI_CART_SUB into rows with an allreduce along each, MPI_GRAPH_CREATE of a ring, and the directed ring by
! MPI_DIST_GRAPH_CREATE_ADJACENT and by MPI_DIST_GRAPH_CREATE (rank 0 naming every edge), each queried for its
! neighbours and sent to.
program topo_fortran
  use mpi
  implicit none
  integer :: rank, size, ierr, grid, row, ring, directed, general, grid_rank, from, to, got, total, count, indegree, outdegree
  integer :: coords(2), dims(2), neighbours(2), index(4), edges(8), in(1), out(1), source(1), destination(1)
  integer :: in_weight(1), out_weight(1), sources(4), degrees(4), destinations(4), weights(4)
  logical :: periods(2), remain(2), weighted
  integer :: status(MPI_STATUS_SIZE)
  character(len=80) :: failure

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
  failure = ''

  dims = (/ 2, 2 /)
  periods = (/ .true., .false. /)
  call MPI_CART_CREATE(MPI_COMM_WORLD, 2, dims, periods, .false., grid, ierr)
  call MPI_COMM_RANK(grid, grid_rank, ierr)
  call MPI_CART_COORDS(grid, grid_rank, 2, coords, ierr)
  call MPI_CART_SHIFT(grid, 0, 1, from, to, ierr)
  got = -1
  call MPI_SENDRECV(grid_rank, 1, MPI_INTEGER, to, 5, got, 1, MPI_INTEGER, from, 5, grid, status, ierr)
  if (got /= from .or. status(MPI_SOURCE) /= from) failure = 'cart: halo along the periodic dimension'
  call MPI_CART_SHIFT(grid, 1, 1, from, to, ierr)
  got = -1
  call MPI_SENDRECV(grid_rank, 1, MPI_INTEGER, to, 6, got, 1, MPI_INTEGER, from, 6, grid, status, ierr)
  if (from == MPI_PROC_NULL) then
    if (got /= -1 .or. status(MPI_SOURCE) /= MPI_PROC_NULL) failure = 'cart: halo from MPI_PROC_NULL'
  else if (got /= from) then
    failure = 'cart: halo along the open dimension'
  end if

  remain = (/ .false., .true. /)
  call MPI_CART_SUB(grid, remain, row, ierr)
  call MPI_ALLREDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, row, ierr)
  if (total /= merge(1, 5, coords(1) == 0)) failure = 'cart_sub: row sum'

  index = (/ 2, 4, 6, 8 /)
  edges = (/ 3, 1, 0, 2, 1, 3, 2, 0 /)
  call MPI_GRAPH_CREATE(MPI_COMM_WORLD, 4, index, edges, .false., ring, ierr)
  call MPI_GRAPH_NEIGHBORS_COUNT(ring, rank, count, ierr)
  call MPI_GRAPH_NEIGHBORS(ring, rank, 2, neighbours, ierr)
  call MPI_SENDRECV(rank, 1, MPI_INTEGER, neighbours(2), 7, got, 1, MPI_INTEGER, neighbours(1), 7, ring, status, ierr)
  if (count /= 2 .or. got /= mod(rank + 3, 4)) failure = 'graph: ring'

  source(1) = mod(rank + 3, 4)
  destination(1) = mod(rank + 1, 4)
  call MPI_DIST_GRAPH_CREATE_ADJACENT(MPI_COMM_WORLD, 1, source, (/ 1 /), 1, destination, (/ 1 /), MPI_INFO_NULL, &
                                      .false., directed, ierr)
  call MPI_DIST_GRAPH_NEIGHBORS_COUNT(directed, indegree, outdegree, weighted, ierr)
  call MPI_DIST_GRAPH_NEIGHBORS(directed, 1, in, in_weight, 1, out, out_weight, ierr)
  call MPI_SENDRECV(rank, 1, MPI_INTEGER, out(1), 8, got, 1, MPI_INTEGER, in(1), 8, directed, status, ierr)
  if (indegree /= 1 .or. outdegree /= 1 .or. .not. weighted .or. in_weight(1) /= 1 .or. got /= source(1)) &
    failure = 'dist_graph_create_adjacent'

  sources = (/ 0, 1, 2, 3 /)
  degrees = (/ 1, 1, 1, 1 /)
  destinations = (/ 1, 2, 3, 0 /)
  weights = (/ 5, 6, 7, 8 /)
  call MPI_DIST_GRAPH_CREATE(MPI_COMM_WORLD, merge(4, 0, rank == 0), sources, degrees, destinations, weights, &
                             MPI_INFO_NULL, .false., general, ierr)
  call MPI_DIST_GRAPH_NEIGHBORS_COUNT(general, indegree, outdegree, weighted, ierr)
  call MPI_DIST_GRAPH_NEIGHBORS(general, 1, in, in_weight, 1, out, out_weight, ierr)
  call MPI_SENDRECV(rank, 1, MPI_INTEGER, out(1), 9, got, 1, MPI_INTEGER, in(1), 9, general, status, ierr)
  if (indegree /= 1 .or. outdegree /= 1 .or. out_weight(1) /= 5 + rank .or. got /= source(1)) &
    failure = 'dist_graph_create'

  call MPI_COMM_FREE(general, ierr)
  call MPI_COMM_FREE(directed, ierr)
  call MPI_COMM_FREE(ring, ierr)
  call MPI_COMM_FREE(row, ierr)
  call MPI_COMM_FREE(grid, ierr)
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
      print '(a)', 'topo-fortran: ok'
    else
      print '(a)', 'topo-fortran: FAIL ' // trim(failure)
    end if
  end subroutine verdict
end program topo_fortran
