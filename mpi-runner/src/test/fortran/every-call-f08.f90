! every-call-f08: each emulated call through its `use mpi_f08` entry (mpi_send_f08_, docs/fortran.md), with a result
! that checks what that binding passes differently from `use mpi`: handles of TYPE(MPI_Comm), TYPE(MPI_Datatype),
! TYPE(MPI_Op) and TYPE(MPI_Request), statuses of TYPE(MPI_Status) (alone and in arrays), the optional ierror left
! out (NULL) and given (MPI_SUCCESS written), MPI_IN_PLACE, MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE, indices from 1.
! FortranExamplesIT runs it plain and emulated and compares the line rank 0 prints. Started by MPI_Init_thread
! (FUNNELED); a ring of Sendrecv, Ssend, Bsend, Rsend and Irsend into posted receives, Isend/Irecv with Test,
! Waitany, Wait, Request_free, Request_get_status and Cancel; Probe/Iprobe, Sendrecv_replace, Issend/Ibsend with
! Waitsome, Testsome, Testall, Testany and Waitall; persistent requests (Send_init and Recv_init started twice by
! Startall, Ssend_init, Bsend_init and Rsend_init by Start); every collective; Wtime, Wtick and Pcontrol.
! Not called here: MPI_Init (pmpi/conformance/f08-statuses-and-ierror.f90); MPI_Mprobe, MPI_Improbe, MPI_Mrecv,
! MPI_Imrecv, MPI_Ibcast, MPI_Ireduce, MPI_Iallreduce, MPI_Igather, MPI_Igatherv, MPI_Iallgather, MPI_Iallgatherv,
! MPI_Iscatter, MPI_Iscatterv, MPI_Ialltoall and MPI_Ibarrier, MPI_Comm_dup, MPI_Comm_dup_with_info, MPI_Comm_split,
! MPI_Comm_create, MPI_Comm_create_group and MPI_Comm_free (their `use mpi` entries, whose f08 names are aliases of
! them, in the conformance cases request-mprobe-fortran, nbc-fortran and comm-create-fortran;
! MPI_Alltoallv, MPI_Alltoallw, MPI_Ialltoallv, MPI_Scan, MPI_Exscan, MPI_Iscan, MPI_Iexscan, MPI_Reduce_scatter,
! MPI_Reduce_scatter_block, MPI_Ireduce_scatter and MPI_Ireduce_scatter_block in coll-alltoallw-scan-fortran,
! MPI_Ialltoallw as MPI_ALLTOALLW, MPI_Comm_split_type as MPI_COMM_SPLIT; MPI_Cart_create, MPI_Cart_sub, MPI_Graph_create,
! MPI_Dist_graph_create_adjacent and MPI_Dist_graph_create in topo-fortran;
! tools/check-fortran-calls.sh checks that Open MPI's f08 wrappers hand those entries their arguments unchanged).
program every_call_f08
  use mpi_f08
  implicit none
  integer :: rank, size, left, right, n, i, index, checks, provided, ierror, root
  ! ASYNCHRONOUS: nonblocking and persistent receives write them after the call that names them (MPI 3.1 §17.1.17).
  integer, asynchronous :: buf(8), got
  integer :: big(5), indices(2), attached(256), counts(0:63), displs(0:63), blocks(64 * 65 / 2), spread(64)
  type(MPI_Status) :: status, statuses(2)
  type(MPI_Request) :: request, requests(2), persistent(3), posted(3)
  logical :: flag, cancelled
  double precision :: t0, t1
  integer(kind=8) :: total

  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, size)
  left = modulo(rank - 1, size)
  right = modulo(rank + 1, size)
  checks = 0
  call check(provided >= MPI_THREAD_FUNNELED)
  t0 = MPI_Wtime()

  ierror = -1
  call MPI_Sendrecv(rank, 1, MPI_INTEGER, right, 1, got, 1, MPI_INTEGER, left, 1, MPI_COMM_WORLD, status, ierror)
  call check(ierror == MPI_SUCCESS .and. got == left .and. status%MPI_SOURCE == left .and. status%MPI_TAG == 1)

  ! Synchronous, buffered and ready sends round the ring, each into a receive posted first (a ready send needs it:
  ! the Sendrecv after the Irecv tells the sender that it is).
  call MPI_Irecv(got, 1, MPI_INTEGER, left, 2, MPI_COMM_WORLD, request)
  call MPI_Ssend(rank, 1, MPI_INTEGER, right, 2, MPI_COMM_WORLD)
  call MPI_Wait(request, MPI_STATUS_IGNORE)
  call check(got == left .and. request == MPI_REQUEST_NULL)
  call MPI_Buffer_attach(attached, 1024)
  call MPI_Bsend(rank, 1, MPI_INTEGER, right, 3, MPI_COMM_WORLD)
  call MPI_Recv(got, 1, MPI_INTEGER, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(got == left)
  call MPI_Irecv(buf(1), 1, MPI_INTEGER, left, 4, MPI_COMM_WORLD, requests(1))
  call MPI_Irecv(buf(2), 1, MPI_INTEGER, left, 14, MPI_COMM_WORLD, requests(2))
  call MPI_Sendrecv(0, 0, MPI_INTEGER, left, 12, n, 0, MPI_INTEGER, right, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call MPI_Rsend(rank, 1, MPI_INTEGER, right, 4, MPI_COMM_WORLD)
  call MPI_Irsend(rank + 100, 1, MPI_INTEGER, right, 14, MPI_COMM_WORLD, request)
  call MPI_Wait(request, status)
  call MPI_Waitall(2, requests, statuses)
  call check(buf(1) == left .and. buf(2) == left + 100 .and. statuses(2)%MPI_TAG == 14)
  call check(all(requests == MPI_REQUEST_NULL))

  ! Five integers from the right, probed first (blocking, then polling) and measured with MPI_Get_count.
  big = [(rank * 10 + i, i = 1, 5)]
  call MPI_Send(big, 5, MPI_INTEGER, left, 5, MPI_COMM_WORLD)
  call MPI_Probe(right, 5, MPI_COMM_WORLD, status)
  call MPI_Get_count(status, MPI_INTEGER, n)
  call check(n == 5 .and. status%MPI_SOURCE == right)
  flag = .false.
  do while (.not. flag)
    call MPI_Iprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, flag, status)
  end do
  call check(status%MPI_SOURCE == right .and. status%MPI_TAG == 5)
  call MPI_Recv(buf, 8, MPI_INTEGER, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, status)
  call MPI_Get_count(status, MPI_INTEGER, n)
  call check(n == 5 .and. buf(5) == right * 10 + 5)

  ! Two receives, completed by Waitany (an index from 1) and Wait; a send tested, one freed; a receive looked at with
  ! Request_get_status (left active) and one cancelled.
  call MPI_Irecv(buf(1), 1, MPI_INTEGER, left, 6, MPI_COMM_WORLD, requests(1))
  call MPI_Irecv(buf(2), 1, MPI_INTEGER, right, 7, MPI_COMM_WORLD, requests(2))
  call MPI_Isend(rank, 1, MPI_INTEGER, right, 6, MPI_COMM_WORLD, request)
  call MPI_Test(request, flag, MPI_STATUS_IGNORE)
  call check(flag .and. request == MPI_REQUEST_NULL)
  call MPI_Isend(rank, 1, MPI_INTEGER, left, 7, MPI_COMM_WORLD, request)
  call MPI_Request_free(request)
  call check(request == MPI_REQUEST_NULL)
  call MPI_Waitany(2, requests, index, status)
  call check((index == 1 .and. status%MPI_SOURCE == left) .or. (index == 2 .and. status%MPI_SOURCE == right))
  call check(requests(index) == MPI_REQUEST_NULL)
  flag = .false.
  do while (.not. flag)
    call MPI_Request_get_status(requests(3 - index), flag, status)
  end do
  call check(requests(3 - index) /= MPI_REQUEST_NULL)
  call MPI_Wait(requests(3 - index), status)
  call check(buf(1) == left .and. buf(2) == right .and. requests(3 - index) == MPI_REQUEST_NULL)
  call MPI_Irecv(got, 1, MPI_INTEGER, left, 13, MPI_COMM_WORLD, request)
  call MPI_Cancel(request)
  call MPI_Wait(request, status)
  call MPI_Test_cancelled(status, cancelled)
  call check(cancelled)

  got = rank
  call MPI_Sendrecv_replace(got, 1, MPI_INTEGER, right, 9, left, 9, MPI_COMM_WORLD, status)
  call check(got == left .and. status%MPI_SOURCE == left)

  ! Issend and a receive, completed by Waitsome (indices from 1), then by Testsome; Testall and Testany.
  call MPI_Irecv(buf(1), 1, MPI_INTEGER, left, 10, MPI_COMM_WORLD, requests(1))
  call MPI_Issend(rank, 1, MPI_INTEGER, right, 10, MPI_COMM_WORLD, requests(2))
  n = 0
  do while (n < 2)
    call MPI_Waitsome(2, requests, got, indices, statuses)
    do i = 1, got
      call check(requests(indices(i)) == MPI_REQUEST_NULL)
      if (indices(i) == 1) call check(statuses(i)%MPI_SOURCE == left)
    end do
    n = n + got
  end do
  call check(buf(1) == left)
  call MPI_Irecv(buf(1), 1, MPI_INTEGER, right, 15, MPI_COMM_WORLD, requests(1))
  call MPI_Isend(rank, 1, MPI_INTEGER, left, 15, MPI_COMM_WORLD, requests(2))
  n = 0
  do while (n < 2)
    call MPI_Testsome(2, requests, got, indices, MPI_STATUSES_IGNORE)
    if (got /= MPI_UNDEFINED) n = n + got
  end do
  call check(buf(1) == right .and. all(requests == MPI_REQUEST_NULL))
  call MPI_Irecv(buf(2), 1, MPI_INTEGER, right, 11, MPI_COMM_WORLD, requests(1))
  call MPI_Ibsend(rank, 1, MPI_INTEGER, left, 11, MPI_COMM_WORLD, requests(2))
  flag = .false.
  do while (.not. flag)
    call MPI_Testall(2, requests, flag, statuses)
  end do
  call check(buf(2) == right .and. statuses(1)%MPI_SOURCE == right .and. all(requests == MPI_REQUEST_NULL))
  call MPI_Testany(2, requests, index, flag, status)
  call check(flag .and. index == MPI_UNDEFINED)

  ! Persistent requests: a receive and a send started twice together, each time inactive again after the wait; then
  ! a synchronous, a buffered and a ready one started once each into receives posted first.
  call MPI_Recv_init(buf(1), 1, MPI_INTEGER, left, 16, MPI_COMM_WORLD, requests(1))
  call MPI_Send_init(rank, 1, MPI_INTEGER, right, 16, MPI_COMM_WORLD, requests(2))
  do i = 1, 2
    buf(1) = -1
    call MPI_Startall(2, requests)
    call MPI_Waitall(2, requests, statuses)
    call check(buf(1) == left .and. statuses(1)%MPI_SOURCE == left .and. all(requests /= MPI_REQUEST_NULL))
  end do
  call MPI_Request_free(requests(1))
  call MPI_Request_free(requests(2))
  do i = 1, 3
    call MPI_Irecv(buf(i), 1, MPI_INTEGER, left, 16 + i, MPI_COMM_WORLD, posted(i))
  end do
  call MPI_Sendrecv(0, 0, MPI_INTEGER, left, 20, n, 0, MPI_INTEGER, right, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call MPI_Ssend_init(rank, 1, MPI_INTEGER, right, 17, MPI_COMM_WORLD, persistent(1))
  call MPI_Bsend_init(rank, 1, MPI_INTEGER, right, 18, MPI_COMM_WORLD, persistent(2))
  call MPI_Rsend_init(rank, 1, MPI_INTEGER, right, 19, MPI_COMM_WORLD, persistent(3))
  do i = 1, 3
    call MPI_Start(persistent(i))
  end do
  call MPI_Waitall(3, posted, MPI_STATUSES_IGNORE)
  call MPI_Waitall(3, persistent, MPI_STATUSES_IGNORE)
  call check(all(buf(1:3) == left) .and. all(posted == MPI_REQUEST_NULL))
  do i = 1, 3
    call MPI_Request_free(persistent(i))
  end do
  call check(all(persistent == MPI_REQUEST_NULL) .and. all(requests == MPI_REQUEST_NULL))

  call MPI_Recv(got, 1, MPI_INTEGER, MPI_PROC_NULL, 8, MPI_COMM_WORLD, status)
  call check(status%MPI_SOURCE == MPI_PROC_NULL)

  got = 0
  if (rank == size - 1) got = 42
  call MPI_Bcast(got, 1, MPI_INTEGER, size - 1, MPI_COMM_WORLD)
  call check(got == 42)
  total = rank + 1
  if (rank == 0) then
    call MPI_Reduce(MPI_IN_PLACE, total, 1, MPI_INTEGER8, MPI_SUM, 0, MPI_COMM_WORLD)
    call check(total == int(size, 8) * (size + 1) / 2)
  else
    call MPI_Reduce(total, total, 1, MPI_INTEGER8, MPI_SUM, 0, MPI_COMM_WORLD)
  end if
  call MPI_Allreduce(rank, n, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  call check(n == size * (size - 1) / 2)
  blocks = -1
  call MPI_Gather(rank, 1, MPI_INTEGER, blocks, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
  if (rank == 0) call check(all(blocks(1:size) == [(i, i = 0, size - 1)]))
  blocks = -1
  call MPI_Allgather(rank, 1, MPI_INTEGER, blocks, 1, MPI_INTEGER, MPI_COMM_WORLD)
  call check(all(blocks(1:size) == [(i, i = 0, size - 1)]))
  counts(0:size - 1) = [(i + 1, i = 0, size - 1)]
  displs(0:size - 1) = [(i * (i + 1) / 2, i = 0, size - 1)]
  spread = rank
  call MPI_Allgatherv(spread, rank + 1, MPI_INTEGER, blocks, counts, displs, MPI_INTEGER, MPI_COMM_WORLD)
  call check(all([(blocks(displs(i) + 1:displs(i) + counts(i)) == i, i = 0, size - 1)]))
  spread(1:size) = [(100 * rank + i, i = 0, size - 1)]
  call MPI_Scatter(spread, 1, MPI_INTEGER, got, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
  call check(got == rank)
  call MPI_Alltoall(spread, 1, MPI_INTEGER, blocks, 1, MPI_INTEGER, MPI_COMM_WORLD)
  call check(all(blocks(1:size) == [(100 * i + rank, i = 0, size - 1)]))

  ! Gatherv in place at rank size / 2, Scatterv from the last rank: blocks of 0 to 2 INTEGERs with gaps between.
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
    call MPI_Gatherv(MPI_IN_PLACE, counts(rank), MPI_INTEGER, blocks, counts, displs, MPI_INTEGER, root, MPI_COMM_WORLD)
    do i = 0, size - 1
      call check(all(blocks(displs(i) + 1:displs(i) + counts(i)) == [(10 * i + index, index = 1, counts(i))]) &
                 .and. blocks(displs(i) + counts(i) + 1) == -1)
    end do
  else
    call MPI_Gatherv(buf, counts(rank), MPI_INTEGER, blocks, counts, displs, MPI_INTEGER, root, MPI_COMM_WORLD)
  end if
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
    call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, MPI_IN_PLACE, 0, MPI_INTEGER, root, MPI_COMM_WORLD)
  else
    call MPI_Scatterv(blocks, counts, displs, MPI_INTEGER, buf, counts(rank), MPI_INTEGER, root, MPI_COMM_WORLD)
    call check(all(buf(1:counts(rank)) == [(100 * rank + i, i = 1, counts(rank))]) .and. buf(counts(rank) + 1) == -1)
  end if

  ierror = -1
  call MPI_Barrier(MPI_COMM_WORLD, ierror)
  call check(ierror == MPI_SUCCESS)
  call MPI_Pcontrol(1)
  t1 = MPI_Wtime()
  call check(t1 >= t0 .and. MPI_Wtick() > 0)

  call MPI_Reduce(checks, n, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD)
  if (rank == 0) write (*, '(a, i0, a, i0)') 'every-call-f08 np=', size, ' checks passed=', n
  call MPI_Finalize()

contains

  subroutine check(ok)
    logical, intent(in) :: ok
    if (.not. ok) then
      write (0, '(a, i0, a, i0)') 'every-call-f08: check ', checks + 1, ' failed at rank ', rank
      call MPI_Abort(MPI_COMM_WORLD, 3)
    end if
    checks = checks + 1
  end subroutine check

end program every_call_f08
