! task-done-farm: the Fortran twin of examples/c/task-done-farm.c, message for message (same sizes, tags, order and
! printed line), whose workers call MSE_Task_done(task, work) from mse.f90 after each task, so that
! `./run.sh emulate --task-cost fixed:DUR` or `per-iteration:DUR` gives the C farm's prediction bit for bit.
! Usage: task-done-farm [TASKS [WORK]] (defaults 64 200000): task t does WORK + mod(t, 5) * (WORK / 4) iterations.
! Messages: master -> worker 4 bytes (INTEGER task, tag 1) or 4 bytes (-1, tag 2: stop); worker -> master 8 bytes
! (INTEGER task, value, tag 3) received from MPI_ANY_SOURCE, answered to status(MPI_SOURCE).
program task_done_farm
  use mpi
  use mse
  implicit none
  integer, parameter :: WORK_TAG = 1, STOP_TAG = 2, RESULT_TAG = 3
  integer :: rank, size, ierr, tasks, work
  character(len=32) :: arg

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  tasks = 64
  work = 200000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) tasks
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) work
  end if
  if (size < 2 .or. tasks < 1 .or. work < 1) then
    if (rank == 0) write (0, '(a)') 'usage: mpirun -np P task-done-farm [TASKS [WORK]], P >= 2'
    call MPI_Finalize(ierr)
    stop 2
  end if
  if (rank == 0) then
    call master(size - 1)
  else
    call worker()
  end if
  call MPI_Finalize(ierr)

contains

  subroutine master(workers)
    integer, intent(in) :: workers
    integer :: w, next, busy, task, ierr
    integer :: result(2), status(MPI_STATUS_SIZE)
    integer(kind=8) :: checksum
    next = 0
    busy = 0
    do w = 1, workers
      call next_task(task, next)
      call MPI_Send(task, 1, MPI_INTEGER, w, merge(STOP_TAG, WORK_TAG, task < 0), MPI_COMM_WORLD, ierr)
      if (task >= 0) busy = busy + 1
    end do
    checksum = 0
    do while (busy > 0)
      call MPI_Recv(result, 2, MPI_INTEGER, MPI_ANY_SOURCE, RESULT_TAG, MPI_COMM_WORLD, status, ierr)
      checksum = checksum + int(result(1) + 1, 8) * int(result(2), 8)
      call next_task(task, next)
      call MPI_Send(task, 1, MPI_INTEGER, status(MPI_SOURCE), merge(STOP_TAG, WORK_TAG, task < 0), &
                    MPI_COMM_WORLD, ierr)
      if (task < 0) busy = busy - 1
    end do
    write (*, '(a, i0, a, i0)') 'task-done-farm tasks=', tasks, ' checksum=', checksum
  end subroutine master

  subroutine next_task(task, next)
    integer, intent(out) :: task
    integer, intent(inout) :: next
    if (next < tasks) then
      task = next
      next = next + 1
    else
      task = -1
    end if
  end subroutine next_task

  subroutine worker()
    integer :: task, ierr, result(2), status(MPI_STATUS_SIZE)
    integer(kind=8) :: units
    do
      call MPI_Recv(task, 1, MPI_INTEGER, 0, MPI_ANY_TAG, MPI_COMM_WORLD, status, ierr)
      if (status(MPI_TAG) == STOP_TAG) exit
      units = int(work, 8) + int(mod(task, 5), 8) * int(work / 4, 8)
      result = [task, compute(task, units)]
      call MSE_Task_done(task, units)
      call MPI_Send(result, 2, MPI_INTEGER, 0, RESULT_TAG, MPI_COMM_WORLD, ierr)
    end do
  end subroutine worker

  ! work steps of the C farm's 32-bit xorshift seeded by the task, kept in the low 32 bits of an INTEGER(8).
  integer function compute(task, units)
    integer, intent(in) :: task
    integer(kind=8), intent(in) :: units
    integer(kind=8), parameter :: LOW32 = 4294967295_8
    integer(kind=8) :: x, i
    x = ieor(2463534242_8, iand(int(task, 8), LOW32))
    do i = 1, units
      x = iand(ieor(x, ishft(x, 13)), LOW32)
      x = ieor(x, ishft(x, -17))
      x = iand(ieor(x, ishft(x, 5)), LOW32)
    end do
    compute = int(iand(x, 2147483647_8))
  end function compute

end program task_done_farm
