! every-call: each emulated call through its Fortran entry, with a result that checks the conversion it needs
! (FortranExamplesIT runs it plain and emulated and compares the line rank 0 prints). Ring Sendrecv, Ssend, Bsend,
! Isend/Irecv with Test, Waitany (index from 1), Wait and Request_free, Probe/Iprobe and Get_count, Sendrecv_replace,
! Issend/Ibsend with Waitsome, Testall and Testany,
! MPI_STATUS_IGNORE, MPI_PROC_NULL, Bcast and Reduce (MPI_IN_PLACE), Allreduce, Gather, Allgather, Allgatherv, Scatter,
! Alltoall (up to 64 ranks), Gatherv (in place at rank size / 2) and Scatterv
! (from the last rank) with blocks of 0 to 2 INTEGERs at displacements that leave gaps, Barrier, Wtime and Wtick.
! Not called here: MPI_Init_thread, MPI_Rsend, MPI_Irsend, MPI_Testsome and MPI_Cancel (the conformance case
! p2p-send-modes-fortran), MPI_Waitall (examples/fortran/bcast-reduce.f90), MPI_Request_get_status (the conformance
! case request-get-status-fortran), MPI_Send_init, MPI_Ssend_init, MPI_Bsend_init, MPI_Rsend_init, MPI_Recv_init,
! MPI_Start and MPI_Startall (the conformance case request-persistent-fortran), MPI_Mprobe, MPI_Improbe, MPI_Mrecv and
! MPI_Imrecv (the conformance case request-mprobe-fortran), MPI_Ibcast, MPI_Ireduce, MPI_Iallreduce, MPI_Igather,
! MPI_Iscatter, MPI_Iallgather, MPI_Ialltoall and MPI_Ibarrier (the conformance case nbc-fortran), MPI_Igatherv,
! MPI_Iallgatherv and MPI_Iscatterv (their C bodies are the conformance case nbc-every's, their Fortran entries generated
! as MPI_GATHERV's are), MPI_Pcontrol (MSE_Task_done in pmpi/include/mse.f90, examples/fortran/task-done-farm.f90),
! MPI_Comm_dup, MPI_Comm_dup_with_info, MPI_Comm_split, MPI_Comm_create, MPI_Comm_create_group and MPI_Comm_free (the
! conformance case comm-create-fortran), MPI_Alltoallv, MPI_Alltoallw and MPI_Ialltoallv (the conformance case
! coll-alltoallw-scan-fortran), MPI_Ialltoallw (its C body is the conformance case coll-alltoallvw's, its Fortran
! entry generated as MPI_ALLTOALLW's), MPI_Scan, MPI_Exscan, MPI_Iscan, MPI_Iexscan, MPI_Reduce_scatter,
! MPI_Reduce_scatter_block, MPI_Ireduce_scatter and MPI_Ireduce_scatter_block (coll-alltoallw-scan-fortran),
! MPI_Comm_split_type (its C body is the conformance case comm-split-type's, its Fortran entry generated as
! MPI_COMM_SPLIT's), MPI_Cart_create, MPI_Cart_sub, MPI_Graph_create, MPI_Dist_graph_create_adjacent and
! MPI_Dist_graph_create (the conformance case topo-fortran).
program every_call
  use mpi
  implicit none
  integer :: rank, size, ierr, left, right, got, n, i, index, checks
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 2), requests(2), indices(2), buf(8), big(5)
  integer :: attached(256), counts(0:63), displs(0:63), blocks(64 * 65 / 2), spread(64), root
  logical :: flag
  double precision :: t0, t1
  integer(kind=8) :: total

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  left = modulo(rank - 1, size)
  right = modulo(rank + 1, size)
  checks = 0
  t0 = MPI_Wtime()

  call MPI_Sendrecv(rank, 1, MPI_INTEGER, right, 1, got, 1, MPI_INTEGER, left, 1, MPI_COMM_WORLD, status, ierr)
  call check(got == left .and. status(MPI_SOURCE) == left .and. status(MPI_TAG) == 1)

  ! A synchronous send round the ring needs its receive posted first (plainly it waits for it); a buffered one the
  ! attached buffer.
  call MPI_Irecv(got, 1, MPI_INTEGER, left, 2, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Ssend(rank, 1, MPI_INTEGER, right, 2, MPI_COMM_WORLD, ierr)
  call MPI_Wait(requests(1), MPI_STATUS_IGNORE, ierr)
  call check(got == left)
  call MPI_Buffer_attach(attached, 1024, ierr)
  call MPI_Bsend(rank, 1, MPI_INTEGER, right, 3, MPI_COMM_WORLD, ierr)
  call MPI_Recv(got, 1, MPI_INTEGER, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call check(got == left)

  ! Five integers from the right, probed first (blocking, then polling) and measured with MPI_Get_count.
  big = [(rank * 10 + i, i = 1, 5)]
  call MPI_Send(big, 5, MPI_INTEGER, left, 5, MPI_COMM_WORLD, ierr)
  call MPI_Probe(right, 5, MPI_COMM_WORLD, status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, n, ierr)
  call check(n == 5 .and. status(MPI_SOURCE) == right)
  flag = .false.
  do while (.not. flag)
    call MPI_Iprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, flag, status, ierr)
  end do
  call check(status(MPI_SOURCE) == right .and. status(MPI_TAG) == 5)
  call MPI_Recv(buf, 8, MPI_INTEGER, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, n, ierr)
  call check(n == 5 .and. buf(5) == right * 10 + 5)

  ! Two receives, completed by Waitany (a Fortran index counts from 1) and Wait; a send tested and one freed.
  call MPI_Irecv(buf(1), 1, MPI_INTEGER, left, 6, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Irecv(buf(2), 1, MPI_INTEGER, right, 7, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_Isend(rank, 1, MPI_INTEGER, right, 6, MPI_COMM_WORLD, i, ierr)
  call MPI_Test(i, flag, MPI_STATUS_IGNORE, ierr)
  call check(flag .and. i == MPI_REQUEST_NULL)
  call MPI_Isend(rank, 1, MPI_INTEGER, left, 7, MPI_COMM_WORLD, i, ierr)
  call MPI_Request_free(i, ierr)
  call check(i == MPI_REQUEST_NULL)
  call MPI_Waitany(2, requests, index, status, ierr)
  call check((index == 1 .and. status(MPI_SOURCE) == left) .or. (index == 2 .and. status(MPI_SOURCE) == right))
  call check(requests(index) == MPI_REQUEST_NULL)
  call MPI_Wait(requests(3 - index), status, ierr)
  call check(buf(1) == left .and. buf(2) == right .and. requests(3 - index) == MPI_REQUEST_NULL)

  got = rank
  call MPI_Sendrecv_replace(got, 1, MPI_INTEGER, right, 9, left, 9, MPI_COMM_WORLD, status, ierr)
  call check(got == left .and. status(MPI_SOURCE) == left)

  ! Issend and a receive, completed by Waitsome (indices from 1); then Testall and Testany over what is left.
  call MPI_Irecv(buf(1), 1, MPI_INTEGER, left, 10, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Issend(rank, 1, MPI_INTEGER, right, 10, MPI_COMM_WORLD, requests(2), ierr)
  n = 0
  do while (n < 2)
    call MPI_Waitsome(2, requests, got, indices, statuses, ierr)
    do i = 1, got
      call check(requests(indices(i)) == MPI_REQUEST_NULL)
      if (indices(i) == 1) call check(statuses(MPI_SOURCE, i) == left)
    end do
    n = n + got
  end do
  call check(buf(1) == left)
  call MPI_Irecv(buf(2), 1, MPI_INTEGER, right, 11, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Ibsend(rank, 1, MPI_INTEGER, left, 11, MPI_COMM_WORLD, requests(2), ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_Testall(2, requests, flag, statuses, ierr)
  end do
  call check(buf(2) == right .and. statuses(MPI_SOURCE, 1) == right .and. all(requests == MPI_REQUEST_NULL))
  call MPI_Testany(2, requests, index, flag, status, ierr)
  call check(flag .and. index == MPI_UNDEFINED)

  call MPI_Recv(got, 1, MPI_INTEGER, MPI_PROC_NULL, 8, MPI_COMM_WORLD, status, ierr)
  call check(status(MPI_SOURCE) == MPI_PROC_NULL)

  got = 0
  if (rank == size - 1) got = 42
  call MPI_Bcast(got, 1, MPI_INTEGER, size - 1, MPI_COMM_WORLD, ierr)
  call check(got == 42)
  total = rank + 1
  if (rank == 0) then
    call MPI_Reduce(MPI_IN_PLACE, total, 1, MPI_INTEGER8, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    call check(total == int(size, 8) * (size + 1) / 2)
  else
    call MPI_Reduce(total, total, 1, MPI_INTEGER8, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  end if
  ! Allreduce, Gather to rank 0, Allgather, Allgatherv (rank r gives r + 1 copies of r), Scatter and Alltoall from the
  ! blocks 100 * rank + r of each rank's array.
  call MPI_Allreduce(rank, n, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(n == size * (size - 1) / 2)
  blocks = -1
  call MPI_Gather(rank, 1, MPI_INTEGER, blocks, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) call check(all(blocks(1:size) == [(i, i = 0, size - 1)]))
  blocks = -1
  call MPI_Allgather(rank, 1, MPI_INTEGER, blocks, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call check(all(blocks(1:size) == [(i, i = 0, size - 1)]))
  counts(0:size - 1) = [(i + 1, i = 0, size - 1)]
  displs(0:size - 1) = [(i * (i + 1) / 2, i = 0, size - 1)]
  spread = rank
  call MPI_Allgatherv(spread, rank + 1, MPI_INTEGER, blocks, counts, displs, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call check(all([(blocks(displs(i) + 1:displs(i) + counts(i)) == i, i = 0, size - 1)]))
  spread(1:size) = [(100 * rank + i, i = 0, size - 1)]
  call MPI_Scatter(spread, 1, MPI_INTEGER, got, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call check(got == rank)
  call MPI_Alltoall(spread, 1, MPI_INTEGER, blocks, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call check(all(blocks(1:size) == [(100 * i + rank, i = 0, size - 1)]))

  ! Gatherv: rank r gives mod(r, 3) INTEGERs, 10 * r + j, placed one gap (-1) apart at the root, in place there.
  root = size / 2
  n = 0
  do i = 0, size - 1
    counts(i) = mod(i, 3)
    displs(i) = n
    n = n + counts(i) + 1
  end do
  blocks = -1
  buf(1:2) = [(10 * rank + i, i = 1, 2)]
  if (rank == root) then
    blocks(displs(rank) + 1:displs(rank) + counts(rank)) = buf(1:counts(rank))
    call MPI_Gatherv(MPI_IN_PLACE, counts(rank), MPI_INTEGER, blocks, counts, displs, MPI_INTEGER, root, &
                     MPI_COMM_WORLD, ierr)
    do i = 0, size - 1
      call check(all(blocks(displs(i) + 1:displs(i) + counts(i)) == [(10 * i + index, index = 1, counts(i))]) &
                 .and. blocks(displs(i) + counts(i) + 1) == -1)
    end do
  else
    call MPI_Gatherv(buf, counts(rank), MPI_INTEGER, blocks, counts, displs, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
  end if
  ! Scatterv from the last rank, in place there: rank r gets mod(r + 1, 3) INTEGERs from blocks in reverse rank order.
  root = size - 1
  n = 0
  do i = size - 1, 0, -1
    counts(i) = mod(i + 1, 3)
    displs(i) = n
    blocks(n + 1:n + counts(i)) = [(100 * i + index, index = 1, counts(i))]
    n = n + counts(i) + 1
  end do
  buf = -1
  if (rank == root) then
    call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, MPI_IN_PLACE, 0, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
  else
    call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, buf, counts(rank), MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
    call check(all(buf(1:counts(rank)) == [(100 * rank + i, i = 1, counts(rank))]) .and. buf(counts(rank) + 1) == -1)
  end if

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime()
  call check(t1 >= t0 .and. MPI_Wtick() > 0)

  call MPI_Reduce(checks, n, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) write (*, '(a, i0, a, i0)') 'every-call np=', size, ' checks passed=', n
  call MPI_Finalize(ierr)

contains

  subroutine check(ok)
    logical, intent(in) :: ok
    if (.not. ok) then
      write (0, '(a, i0, a, i0)') 'every-call: check ', checks + 1, ' failed at rank ', rank
      call MPI_Abort(MPI_COMM_WORLD, 3, ierr)
    end if
    checks = checks + 1
  end subroutine check

end program every_call
